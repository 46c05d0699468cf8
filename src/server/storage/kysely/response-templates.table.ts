/** Moderators' saved responses, per body (response-templates.ts). */
import type { Generated } from 'kysely';

/**
 * A saved response (issue 41, item 4): a title and a public note in three languages, optionally
 * tied to a service type and to a detailed status value (the status form offers it when that
 * value is chosen; a case system's status change without a note of its own takes its text).
 */
export interface ResponseTemplatesTable {
  id: Generated<number>;
  body_id: string;
  title: string;
  text_fi: string;
  text_sv: string;
  text_en: string;
  service_code: string | null;
  status: string | null;
  created_at: number;
  updated_at: number;
}

export interface ResponseTemplateTables {
  response_templates: ResponseTemplatesTable;
}
