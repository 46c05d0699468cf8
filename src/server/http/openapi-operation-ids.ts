/**
 * An operationId for every operation of the OpenAPI document that has none, so generated clients
 * and linked docs name each call: the method and the path's words in camelCase, parameters as
 * `By<Name>`, a format suffix as `WithFormat`, a forwarded rest of the path as `Path`
 * (`GET /api/counters/{id}/` → `getApiCountersById`). Where two paths give one name (a path with
 * and without its trailing slash, DRF's twins), the one without it gets `NoSlash`; any other clash a number.
 */
const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const capitalized = (word: string) => (word === '' ? '' : word[0]!.toUpperCase() + word.slice(1));
const camelWords = (text: string) => text.split(/[^A-Za-z0-9]+/).map(capitalized).join('');

/** The path's words: `/api/counters.{format}/` → `ApiCountersWithFormat`. */
function pathWords(path: string): string {
  return path
    .split('/')
    .map((segment) =>
      segment
        .split(/(\{[^}]*\})/)
        .map((part) => {
          if (part === '{*}') return 'Path';
          if (part === '{format}') return 'WithFormat';
          if (part.startsWith('{')) return `By${camelWords(part.slice(1, -1))}`;
          return camelWords(part);
        })
        .join(''),
    )
    .join('');
}

type Operation = { operationId?: string };
type PathItem = Partial<Record<(typeof methods)[number], Operation>>;

export function withOperationIds<Document extends { paths?: Record<string, unknown> }>(document: Document): Document {
  const paths = (document.paths ?? {}) as Record<string, PathItem>;
  const wanted: { path: string; operation: Operation; base: string }[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const method of methods) {
      const operation = item[method];
      if (operation && !operation.operationId) wanted.push({ path, operation, base: `${method}${pathWords(path)}` });
    }
  }
  const taken = new Set(Object.values(paths).flatMap((item) => methods.map((method) => item[method]?.operationId).filter(Boolean)));
  const counts = new Map<string, number>();
  for (const { base } of wanted) counts.set(base, (counts.get(base) ?? 0) + 1);
  for (const entry of wanted) {
    let id = (counts.get(entry.base) ?? 0) > 1 && !entry.path.endsWith('/') ? `${entry.base}NoSlash` : entry.base;
    for (let number = 2; taken.has(id); number += 1) id = `${entry.base}${number}`;
    taken.add(id);
    entry.operation.operationId = id;
  }
  return document;
}
