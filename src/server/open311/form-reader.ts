/**
 * Reading a GeoReport POST body (urlencoded, or multipart with photos as media[]) into its
 * fields and files. The service keeps photos in memory (they are small and checked at once); the
 * proxy spools them to disk. Both read the same fields the same way and refuse the same things.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { repeatedField } from '../../shared/georeport/problems';
import { badRequest } from './errors';
import type { SpooledFile } from './upload-spool';

export type FormFields = Record<string, string | string[]>;

/** A form already read, checked and spooled: its fields (api_key among them) and its photos on disk. */
export interface ReadForm {
  fields: FormFields;
  files: SpooledFile[];
}

const mediaFieldNames = new Set(['media', 'media[]']);

export interface ReadFormOptions<File> {
  /** Takes one media[] part; undefined drops it (the empty part of a file input left empty). */
  receiveFile: (part: MultipartFile) => Promise<File | undefined>;
  /** Fields to leave out, such as the api_key the proxy supplies itself. */
  ignoredFields?: ReadonlySet<string>;
  /**
   * Sees each field as soon as it is read, before the rest of the body: throwing stops reading
   * there (the service checks the api_key so, before any more photo bytes come in).
   */
  onField?: (name: string, value: string) => Promise<void>;
  /** Which file fields hold photos; media and media[] when not given. */
  isPhotoField?: (name: string) => boolean;
}

export const isMediaField = (name: string) => mediaFieldNames.has(name);

/**
 * The body's fields, each value a string or, when repeated, the list of them, and its media[]
 * files as `receiveFile` made them. @fastify/multipart enforces the per-file and count limits
 * while streaming.
 */
export async function readForm<File>(
  request: FastifyRequest,
  { receiveFile, ignoredFields, onField, isPhotoField = isMediaField }: ReadFormOptions<File>,
): Promise<{ fields: FormFields; files: File[] }> {
  // No prototype: a field named __proto__ or toString is just a field.
  const fields: FormFields = Object.create(null) as FormFields;
  const addField = (name: string, value: string) => {
    if (ignoredFields?.has(name)) return;
    const existing = fields[name];
    fields[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  };
  const files: File[] = [];
  if (!request.isMultipart()) {
    const body = request.body;
    if (body && typeof body === 'object') {
      for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
        for (const item of Array.isArray(value) ? value : [value]) addField(name, String(item));
      }
    }
    return { fields, files };
  }
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (!isPhotoField(part.fieldname)) {
        part.file.resume();
        throw badRequest(`file field ${part.fieldname} is not accepted; send photos as media[]`);
      }
      const file = await receiveFile(part);
      if (file !== undefined) files.push(file);
    } else {
      await onField?.(part.fieldname, String(part.value));
      addField(part.fieldname, String(part.value));
    }
  }
  return { fields, files };
}

/** The one value of a scalar field; a repeated scalar is ambiguous and refused. */
export function singleValues(fields: FormFields, names: readonly string[]): { values: Record<string, string>; problems: string[] } {
  const values: Record<string, string> = {};
  const problems: string[] = [];
  for (const name of names) {
    const value = fields[name];
    if (Array.isArray(value)) problems.push(repeatedField.text({ field: name, count: value.length }));
    else if (value !== undefined) values[name] = value;
  }
  return { values, problems };
}
