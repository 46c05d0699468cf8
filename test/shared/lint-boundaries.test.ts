import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === 'kerro/boundaries').map((message) => message.message);
}

// The first case pays for loading ESLint, its plugins and the TypeScript parser: seconds on a busy machine.
describe('the boundaries lint rule', { timeout: 30_000 }, () => {
  it('keeps the client away from the server and Node', async () => {
    const messages = await boundaryMessages(
      'src/client/features/map/example.ts',
      "import '../../../server/app';\nimport 'node:fs';\nimport '../../../shared/paths';\n",
    );
    expect(messages).toEqual([
      "src/client must not import from src/server ('../../../server/app').",
      "src/client must not import the Node built-in 'node:fs'.",
    ]);
  });

  it('keeps client features apart', async () => {
    const messages = await boundaryMessages('src/client/features/map/components/a.ts', "export * from '../../report/api/x';\n");
    expect(messages).toEqual(["feature 'map' must not import feature 'report'; compose them in a page (src/client/app)."]);
  });

  it('keeps shared free of both sides and of Node', async () => {
    const messages = await boundaryMessages('src/shared/example.ts', "import '../client/x';\nimport '../server/y';\nimport 'crypto';\n");
    expect(messages).toHaveLength(3);
  });

  it('keeps the server away from the client', async () => {
    expect(await boundaryMessages('src/server/example.ts', "const m = import('../client/main');\nexport { m };\n")).toHaveLength(1);
    expect(await boundaryMessages('src/server/example.ts', "import 'node:fs';\nimport '../shared/paths';\n")).toEqual([]);
  });

  it('keeps every database driver inside its storage backend', async () => {
    expect(await boundaryMessages('src/server/moderation/example.ts', "import Database from 'better-sqlite3';\nexport { Database };\n")).toEqual([
      "only src/server/storage/sqlite/** may import 'better-sqlite3'; go through src/server/storage (openStore).",
    ]);
    expect(await boundaryMessages('src/server/storage/sqlite/example.ts', "import pg from 'pg';\nexport { pg };\n")).toEqual([
      "only src/server/storage/postgres/** may import 'pg'; go through src/server/storage (openStore).",
    ]);
    expect(await boundaryMessages('src/server/storage/postgres/example.ts', "import pg from 'pg';\nexport { pg };\n")).toEqual([]);
    expect(await boundaryMessages('src/server/storage/sqlite/example.ts', "import type { Statement } from 'better-sqlite3';\nexport type { Statement };\n")).toEqual([]);
  });

  it('keeps the GeoReport service behind its protocol', async () => {
    const message = (from: string) =>
      `${from}/** must not import the GeoReport service (src/server/georeport); use the protocol in src/server/open311.`;
    expect(await boundaryMessages('src/server/proxy/example.ts', "import { checkJurisdiction } from '../georeport/jurisdiction';\nexport { checkJurisdiction };\n")).toEqual([
      message('src/server/proxy'),
    ]);
    expect(await boundaryMessages('src/server/moderation/routes/example.ts', "export * from '../../georeport/ids';\n")).toEqual([message('src/server/moderation')]);
    expect(await boundaryMessages('src/server/http/example.ts', "const m = import('../georeport/routes');\nexport { m };\n")).toEqual([message('src/server/http')]);
    expect(await boundaryMessages('src/server/open311/example.ts', "import '../georeport/attributes';\n")).toEqual([message('src/server/open311')]);
    // The protocol is for everyone, and the service and the app itself may use the service.
    expect(await boundaryMessages('src/server/proxy/example.ts', "import '../open311/errors';\n")).toEqual([]);
    expect(await boundaryMessages('src/server/app-example.ts', "import './georeport/routes';\n")).toEqual([]);
    expect(await boundaryMessages('src/server/georeport/routes/example.ts', "import '../ids';\n")).toEqual([]);
  });

  it('keeps the storage backends behind the storage seam', async () => {
    expect(await boundaryMessages('src/server/moderation/example.ts', "import '../storage/sqlite/database';\nimport '../storage/postgres';\n")).toEqual([
      'only src/server/storage/** may import src/server/storage/sqlite/**; go through src/server/storage (openStore) or storage/repositories.',
      'only src/server/storage/** may import src/server/storage/postgres/**; go through src/server/storage (openStore) or storage/repositories.',
    ]);
    expect(await boundaryMessages('src/server/admin/commands/example.ts', "export * from '../../storage/sqlite/migrations';\n")).toHaveLength(1);
    expect(await boundaryMessages('src/server/example.ts', "import '../server/storage/postgres/database';\n")).toHaveLength(1);
    expect(
      await boundaryMessages(
        'src/server/moderation/example.ts',
        "import '../storage';\nimport '../storage/index';\nimport '../storage/repositories/types';\n",
      ),
    ).toEqual([]);
    expect(await boundaryMessages('src/server/storage/example.ts', "import './sqlite/open-sqlite-store';\nimport './postgres/database';\n")).toEqual([]);
    expect(await boundaryMessages('src/server/storage/sqlite/example.ts', "import '../postgres/database';\n")).toEqual([]);
  });

  it('keeps the client one-way: pages use features, features use common code, never back', async () => {
    expect(await boundaryMessages('src/client/components/ui/example.ts', "import '../../features/map/api/x';\n")).toEqual([
      'src/client/components must not import src/client/features: pages (app) use features, features use components/lib/api/hooks, never the other way.',
    ]);
    expect(await boundaryMessages('src/client/features/map/example.ts', "import '../../app/router';\n")).toHaveLength(1);
    expect(await boundaryMessages('src/client/lib/example.ts', "import '../app/router';\n")).toHaveLength(1);
    expect(await boundaryMessages('src/client/app/example.ts', "import '../features/map/api/x';\nimport '../lib/http-client';\n")).toEqual([]);
    expect(await boundaryMessages('src/client/features/map/example.ts', "import '../../lib/http-client';\nimport '../../api/x';\n")).toEqual([]);
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
