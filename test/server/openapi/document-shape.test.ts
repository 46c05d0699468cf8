/**
 * The OpenAPI document follows the routes (issue 24, step 4): one path per route shape (no two
 * templated paths that match the same URLs), no parameter a route does not read, and an
 * operationId on every operation, unique, so generated clients name each call.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';

interface Operation {
  operationId?: string;
  parameters?: { name: string; in: string }[];
}
type Document = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let document: Document;

beforeAll(async () => {
  t = await createTestApp();
  document = (await t.app.inject('/api/schema/')).json();
});

afterAll(() => t?.close());

const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => methods.has(method))
      .map(([method, operation]) => ({ path, method, operation })),
  );

it('has no two paths that differ only in the names of their templates', () => {
  const byShape = new Map<string, string[]>();
  for (const path of Object.keys(document.paths)) {
    const shape = path.replace(/\{[^}]*\}/g, '{}');
    byShape.set(shape, [...(byShape.get(shape) ?? []), path]);
  }
  expect([...byShape.values()].filter((paths) => paths.length > 1)).toEqual([]);
});

it('gives every operation an operationId, each its own', () => {
  const all = operations();
  expect(all.length).toBeGreaterThan(50);
  expect(all.filter(({ operation }) => !operation.operationId).map(({ path, method }) => `${method} ${path}`)).toEqual([]);
  const ids = all.map(({ operation }) => operation.operationId);
  expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
});

it("advertises only the counter list's parameters that its filters read", () => {
  const query = (document.paths['/api/counters/']!.get!.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
  expect(query).not.toContain('name');
  expect(query).not.toContain('data_received');
  expect(query).toEqual(expect.arrayContaining(['format', 'page', 'page_size', 'source', 'municipality_code', 'latitude', 'longitude', 'distance']));
});
