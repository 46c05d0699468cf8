import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The rules that hold DESIGN.md's and ARCHITECTURE.md's boundaries (eslint.config.js). */
const boundaryRules = new Set(['import-x/no-restricted-paths', 'import-x/no-nodejs-modules', 'no-restricted-imports']);

const eslint = new ESLint({ cwd: process.cwd() });
// Only the boundary rules: no-cycle would walk the whole app behind each sample's imports.
const boundaryLint = new ESLint({ cwd: process.cwd(), ruleFilter: ({ ruleId }) => boundaryRules.has(ruleId) });

/** True when a relative import from `filePath` names a file or folder (with its index) that exists. */
function resolves(filePath: string, source: string): boolean {
  const base = resolve(dirname(filePath), source);
  return ['.ts', '.tsx', '/index.ts', '/index.tsx'].some((ending) => existsSync(base + ending));
}

/**
 * What the boundary rules say about `code` if it stood at `filePath`. The zones are checked on
 * resolved files and say nothing of an import that names no file, so every sample must name one.
 */
async function boundaryMessages(filePath: string, code: string): Promise<string[]> {
  for (const [, source] of code.matchAll(/'(\.\.?\/[^']*)'/g)) expect(resolves(filePath, source!), `${source} from ${filePath}`).toBe(true);
  const [result] = await boundaryLint.lintText(code, { filePath });
  return result!.messages.map((message) => message.message);
}

const zone = (importPath: string, why: string) => `Unexpected path "${importPath}" imported in restricted zone. ${why}`;
const nodeBuiltin = (name: string) => `Do not import Node.js builtin module "${name}"`;
const driver = (name: string, folder: string) =>
  `'${name}' import is restricted from being used. only ${folder}/** may import it; go through src/server/storage (openStore).`;
const backendWhy = 'only src/server/storage/** may import a backend; go through src/server/storage (openStore) or storage/repositories.';

// The first lint loads the parsers and plugins: seconds on a busy machine.
describe('the boundaries lint rules', { timeout: 30_000 }, () => {
  it('keep the client away from the server and Node', async () => {
    const messages = await boundaryMessages(
      'src/client/features/map/example.ts',
      "import '../../../server/app';\nimport 'node:fs';\nimport '../../../shared/paths';\n",
    );
    expect(messages).toEqual([zone('../../../server/app', 'src/client must not import src/server.'), nodeBuiltin('node:fs')]);
  });

  it('see where the @/ alias leads', async () => {
    const messages = await boundaryMessages('src/client/features/map/example.ts', "import '@/server/app';\nimport '@/shared/paths';\n");
    expect(messages).toEqual([zone('@/server/app', 'src/client must not import src/server.')]);
  });

  it('keep client features apart', async () => {
    const messages = await boundaryMessages(
      'src/client/features/map/components/a.ts',
      "export * from '../../report/api/get-nearby-requests';\nimport '../api/get-published-requests';\n",
    );
    expect(messages).toEqual([
      zone('../../report/api/get-nearby-requests', "feature 'map' must not import another feature; compose them in a page (src/client/app)."),
    ]);
  });

  it('keep shared free of both sides and of Node', async () => {
    const messages = await boundaryMessages('src/shared/example.ts', "import '../client/lib/i18n';\nimport '../server/config';\nimport 'crypto';\n");
    expect(messages).toEqual([
      zone('../client/lib/i18n', 'src/shared must import neither src/client nor src/server.'),
      zone('../server/config', 'src/shared must import neither src/client nor src/server.'),
      nodeBuiltin('crypto'),
    ]);
  });

  it('keep the server away from the client', async () => {
    expect(await boundaryMessages('src/server/example.ts', "const m = import('../client/main');\nexport { m };\n")).toEqual([
      zone('../client/main', 'src/server must not import src/client.'),
    ]);
    expect(await boundaryMessages('src/server/example.ts', "import 'node:fs';\nimport '../shared/paths';\n")).toEqual([]);
  });

  it('keep every database driver inside its storage backend', async () => {
    expect(await boundaryMessages('src/server/moderation/example.ts', "import Database from 'better-sqlite3';\nexport { Database };\n")).toEqual([
      driver('better-sqlite3', 'src/server/storage/sqlite'),
    ]);
    expect(await boundaryMessages('src/client/lib/example.ts', "import pg from 'pg';\nexport { pg };\n")).toEqual([driver('pg', 'src/server/storage/postgres')]);
    expect(await boundaryMessages('src/server/storage/sqlite/example.ts', "import pg from 'pg';\nexport { pg };\n")).toEqual([
      driver('pg', 'src/server/storage/postgres'),
    ]);
    expect(await boundaryMessages('src/server/storage/postgres/example.ts', "import pg from 'pg';\nexport { pg };\n")).toEqual([]);
    expect(await boundaryMessages('src/server/storage/sqlite/example.ts', "import type { Statement } from 'better-sqlite3';\nexport type { Statement };\n")).toEqual([]);
  });

  it('keep the GeoReport service behind its protocol', async () => {
    const why = 'use the GeoReport protocol in src/server/open311, not the service (src/server/georeport).';
    expect(await boundaryMessages('src/server/proxy/example.ts', "import { checkJurisdiction } from '../georeport/jurisdiction';\nexport { checkJurisdiction };\n")).toEqual([
      zone('../georeport/jurisdiction', why),
    ]);
    expect(await boundaryMessages('src/server/moderation/routes/example.ts', "export * from '../../georeport/ids';\n")).toEqual([zone('../../georeport/ids', why)]);
    expect(await boundaryMessages('src/server/service-objects/example.ts', "const m = import('../georeport/routes');\nexport { m };\n")).toEqual([
      zone('../georeport/routes', why),
    ]);
    expect(await boundaryMessages('src/server/open311/example.ts', "import '../georeport/attributes';\n")).toEqual([zone('../georeport/attributes', why)]);
    // The protocol is for everyone, and the service and the app itself may use the service.
    expect(await boundaryMessages('src/server/proxy/example.ts', "import '../open311/errors';\n")).toEqual([]);
    expect(await boundaryMessages('src/server/app-example.ts', "import './georeport/routes';\n")).toEqual([]);
    expect(await boundaryMessages('src/server/georeport/routes/example.ts', "import '../ids';\n")).toEqual([]);
  });

  it('keep the proxy to the protocols, and the protocols apart from the services', async () => {
    const why =
      'the proxy imports protocols only (src/server/drf, src/server/pelias, src/server/open311); reach an embedded service through EmbeddedServices.';
    expect(
      await boundaryMessages('src/server/proxy/example.ts', "import '../counters/list-page';\nimport '../observations/list';\nimport '../geocoding/routes';\n"),
    ).toEqual([zone('../counters/list-page', why), zone('../observations/list', why), zone('../geocoding/routes', why)]);
    expect(await boundaryMessages('src/server/proxy/example.ts', "import '../drf/query-string';\nimport '../pelias/envelope';\n")).toEqual([]);
    const protocolWhy = 'a protocol (src/server/drf, src/server/pelias) must not import a service or the proxy: they import it.';
    expect(await boundaryMessages('src/server/drf/example.ts', "import '../counters/feature';\nimport '../proxy/upstream';\n")).toEqual([
      zone('../counters/feature', protocolWhy),
      zone('../proxy/upstream', protocolWhy),
    ]);
    expect(await boundaryMessages('src/server/pelias/example.ts', "import '../geocoding/geocoder';\n")).toEqual([zone('../geocoding/geocoder', protocolWhy)]);
  });

  it('keep cross-cutting HTTP below the APIs', async () => {
    const why = 'src/server/http is cross-cutting: the APIs use it, it uses none of them.';
    expect(await boundaryMessages('src/server/http/example.ts', "import '../open311/reply';\nimport '../geocoding/pelias';\nimport '../config';\n")).toEqual([
      zone('../open311/reply', why),
      zone('../geocoding/pelias', why),
    ]);
    expect(await boundaryMessages('src/server/open311/example.ts', "import '../http/public-base-url';\n")).toEqual([]);
  });

  it('keep config at the floor and the app context above its parts, below the services', async () => {
    expect(await boundaryMessages('src/server/config.ts', "import '../shared/map/tile-template';\nimport './http/content-security-policy';\n")).toEqual([
      zone('./http/content-security-policy', 'src/server/config.ts imports nothing of the server (shared only): the server imports it.'),
    ]);
    const contextWhy = "src/server/context.ts is made of config, the storage seam, http, media's decode budget and notify's mail links; never an API or a service.";
    expect(
      await boundaryMessages(
        'src/server/context.ts',
        "import './georeport/jurisdiction';\nimport './media/routes';\nimport './config';\nimport './http/metrics';\nimport './media/decode-budget';\nimport './notify/mail-links';\nimport './storage/repositories/types';\n",
      ),
    ).toEqual([zone('./georeport/jurisdiction', contextWhy), zone('./media/routes', contextWhy)]);
    const partWhy = "what the app's context is made of must not import it: pass a route the parts it needs.";
    expect(await boundaryMessages('src/server/media/example.ts', "import '../context';\n")).toEqual([zone('../context', partWhy)]);
    expect(await boundaryMessages('src/server/http/example.ts', "import '../context';\n")).toEqual([zone('../context', partWhy)]);
    // The services above it read it, and a service extends it with its own part.
    expect(await boundaryMessages('src/server/georeport/example.ts', "import '../context';\n")).toEqual([]);
  });

  it('keep the feeds on the storage seam and the presenter, away from the service, moderation and the proxy', async () => {
    const why = "src/server/feeds imports the storage seam, the open311 presenter, notify's words, http, time and shared; never georeport, moderation or the proxy.";
    expect(
      await boundaryMessages('src/server/feeds/example.ts', "import '../proxy/routes';\nimport '../georeport/listing';\nimport '../open311/presenter';\nimport '../storage/repositories/types';\n"),
    ).toEqual([zone('../proxy/routes', why), zone('../georeport/listing', why)]);
  });

  it('keep the storage backends behind the storage seam', async () => {
    expect(await boundaryMessages('src/server/moderation/example.ts', "import '../storage/sqlite/database';\nimport '../storage/postgres/database';\n")).toEqual([
      zone('../storage/sqlite/database', backendWhy),
      zone('../storage/postgres/database', backendWhy),
    ]);
    expect(await boundaryMessages('src/server/admin/commands/example.ts', "export * from '../../storage/sqlite/database';\n")).toHaveLength(1);
    expect(await boundaryMessages('src/server/example.ts', "import '../server/storage/postgres/database';\n")).toEqual([
      zone('../server/storage/postgres/database', backendWhy),
    ]);
    expect(
      await boundaryMessages(
        'src/server/moderation/example.ts',
        "import '../storage';\nimport '../storage/index';\nimport '../storage/repositories/types';\n",
      ),
    ).toEqual([]);
    expect(await boundaryMessages('src/server/storage/example.ts', "import './sqlite/open-sqlite-store';\nimport './postgres/database';\n")).toEqual([]);
    expect(await boundaryMessages('src/server/storage/sqlite/example.ts', "import '../postgres/database';\n")).toEqual([]);
  });

  it('keep the client one-way: pages use features, features use common code, never back', async () => {
    expect(await boundaryMessages('src/client/components/ui/example.ts', "import '../../features/map/api/get-published-requests';\n")).toEqual([
      zone('../../features/map/api/get-published-requests', 'common code (components/lib/api/hooks) must not import features or pages.'),
    ]);
    expect(await boundaryMessages('src/client/features/map/example.ts', "import '../../app/router';\n")).toEqual([
      zone('../../app/router', 'features must not import pages (src/client/app).'),
    ]);
    expect(await boundaryMessages('src/client/lib/example.ts', "import '../app/router';\n")).toHaveLength(1);
    expect(await boundaryMessages('src/client/app/example.ts', "import '../features/map/api/get-published-requests';\nimport '../lib/http-client';\n")).toEqual([]);
    expect(await boundaryMessages('src/client/features/map/example.ts', "import '../../lib/http-client';\nimport '../../api/get-service-list';\n")).toEqual([]);
  });

  it('fails on an import cycle', async () => {
    // Two real files, since the rule follows imports on disk; removed whatever happens.
    const folder = mkdtempSync(join(process.cwd(), 'src/server/lint-cycle-'));
    try {
      writeFileSync(join(folder, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      writeFileSync(join(folder, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
      const [result] = await eslint.lintFiles([relative(process.cwd(), join(folder, 'a.ts'))]);
      expect(result!.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
