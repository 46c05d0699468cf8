import type { FastifyRequest } from 'fastify';
import type { FormFields } from './attributes';
import { badRequest } from './errors';

export interface UploadedFile {
  fieldName: string;
  fileName: string;
  data: Buffer;
}

const mediaFieldNames = new Set(['media', 'media[]']);

/**
 * Reads a urlencoded or multipart body into fields and media files. Files are held in memory
 * only up to the configured per-file and count limits, which @fastify/multipart enforces while
 * streaming.
 */
export async function readForm(request: FastifyRequest): Promise<{ fields: FormFields; files: UploadedFile[] }> {
  // No prototype: a field named __proto__ or toString is just a field.
  const fields: FormFields = Object.create(null) as FormFields;
  const addField = (name: string, value: string) => {
    const existing = fields[name];
    fields[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  };
  if (!request.isMultipart()) {
    const body = request.body;
    if (body && typeof body === 'object') {
      for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
        for (const item of Array.isArray(value) ? value : [value]) addField(name, String(item));
      }
    }
    return { fields, files: [] };
  }
  const files: UploadedFile[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (!mediaFieldNames.has(part.fieldname)) {
        part.file.resume();
        throw badRequest(`file field ${part.fieldname} is not accepted; send photos as media[]`);
      }
      const data = await part.toBuffer();
      // Browsers send an empty part for a file input left empty.
      if (data.length > 0) files.push({ fieldName: part.fieldname, fileName: part.filename, data });
    } else {
      addField(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
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
    if (Array.isArray(value)) problems.push(`${name} was sent ${value.length} times; send it once`);
    else if (value !== undefined) values[name] = value;
  }
  return { values, problems };
}
