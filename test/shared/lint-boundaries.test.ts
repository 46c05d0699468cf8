import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === 'kerro/boundaries').map((message) => message.message);
}

describe('the boundaries lint rule', () => {
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
});
