/**
 * Moderators' saved responses (issue 41, item 4): a body's response templates, each a title and
 * a public note in fi/sv/en, optionally tied to a service type and a detailed status value. Each
 * change is written with its audit entry in one transaction.
 */
import type { NewAuditEntry } from './moderation';

export interface ResponseTemplateFields {
  title: string;
  text_fi: string;
  text_sv: string;
  text_en: string;
  /** The service type it is for; null: any type. */
  service_code: string | null;
  /** The detailed status value (base or PUBLIC_WORKS_*) it is for; null: any status. */
  status: string | null;
}

export interface NewResponseTemplate extends ResponseTemplateFields {
  body_id: string;
}

export interface ResponseTemplateRecord extends NewResponseTemplate {
  id: number;
  created_at: number;
  updated_at: number;
}

/** Which templates to list; each absent filter admits every template. */
export interface ResponseTemplateQuery {
  /** Only these bodies' (a moderator's scope); empty: none. */
  bodyIds?: readonly string[];
  /** Those for this type or for any type. */
  serviceCode?: string;
  /** Those for this status value or for any status. */
  status?: string;
}

export interface ResponseTemplateRepository {
  /** By body, then title, then id. */
  list(query: ResponseTemplateQuery): Promise<ResponseTemplateRecord[]>;
  find(id: number): Promise<ResponseTemplateRecord | undefined>;
  /** The template and its audit entry (told the new id) in one transaction. */
  create(template: NewResponseTemplate, at: number, audit: (id: number) => NewAuditEntry): Promise<ResponseTemplateRecord>;
  /** undefined when there is no such template (any more). */
  update(id: number, fields: ResponseTemplateFields, at: number, audit: NewAuditEntry): Promise<ResponseTemplateRecord | undefined>;
  /** False when there is no such template (any more). */
  remove(id: number, audit: NewAuditEntry): Promise<boolean>;
}
