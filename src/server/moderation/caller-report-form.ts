/**
 * A caller's report with photos (issue 41, item 8): multipart/form-data holding the report as
 * JSON in one field, `report` (the same object the JSON body takes), and its photos as `media`
 * parts, spooled to disk as they arrive as the residents' are (open311/upload-spool.ts).
 */
import type { FastifyRequest } from 'fastify';
import { readForm } from '../open311/form-reader';
import type { SpooledFile, UploadSpool } from '../open311/upload-spool';
import { ModerationApiError } from './errors';

export interface CallerReportForm {
  /** The `report` field's JSON, for the route's schema to check. */
  report: unknown;
  photos: SpooledFile[];
}

const formProblem = (message: string, field = 'report') => new ModerationApiError(400, 'invalid_input', message, { fields: [{ field, code: 'invalid', message }] });

export async function readCallerReportForm(request: FastifyRequest, spool: UploadSpool): Promise<CallerReportForm> {
  const form = await readForm<SpooledFile>(request, {
    receiveFile: async (part) => {
      const file = await spool.add(part.fieldname, part.filename, part.mimetype, part.file);
      // Browsers send an empty part for a file input left empty.
      return file.bytes > 0 ? file : undefined;
    },
  });
  const other = Object.keys(form.fields).find((name) => name !== 'report');
  if (other !== undefined) throw formProblem(`the form has a field ${other} it does not take: send the report as JSON in the field report, its photos as media`, other);
  const text = form.fields.report;
  if (typeof text !== 'string') throw formProblem('the form needs the field report, once, holding the report as JSON');
  try {
    return { report: JSON.parse(text) as unknown, photos: form.files };
  } catch (error) {
    throw formProblem(`the field report must be JSON: ${(error as Error).message}`);
  }
}
