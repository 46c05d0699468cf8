import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
}

const pointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Holds real answers to the document: the schema of path × method × status × content type,
 * resolved inside the whole document (so its $refs work), checked with ajv (draft 2020-12).
 * `none`: an answer without a body (204, a redirect), documented without content.
 */
export function answerChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, 'openapi.json');
  return (method: string, path: string, answer: { statusCode: number; headers: Record<string, unknown>; body: string }, contentType = 'application/json') => {
    const operation = document.paths[path]?.[method.toLowerCase()];
    expect(operation, `${method} ${path} is in the document`).toBeDefined();
    const status = String(answer.statusCode);
    if (answer.body === '' && contentType === 'none') {
      expect(operation!.responses?.[status], `${method} ${path} documents ${status}`).toBeDefined();
      expect(operation!.responses?.[status]?.content, `${method} ${path} ${status} has no body`).toBeUndefined();
      return;
    }
    const content = operation!.responses?.[status]?.content?.[contentType];
    expect(content?.schema, `${method} ${path} documents ${status} ${contentType}`).toBeDefined();
    expect(String(answer.headers['content-type'])).toContain(contentType);
    if (contentType !== 'application/json') return;
    const ref = `openapi.json#/paths/${pointer(path)}/${method.toLowerCase()}/responses/${status}/content/${pointer(contentType)}/schema`;
    const validate = ajv.compile({ $ref: ref });
    const valid = validate(JSON.parse(answer.body));
    expect(valid, `${method} ${path} ${status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  };
}
