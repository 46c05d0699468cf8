import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverProcessEnv } from '../../src/server/process-env';
import { projectRoot } from '../helpers/project-root';

describe("the server process's environment", () => {
  it('is what `npm start` starts the server with', () => {
    const { scripts } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    const launch = scripts.start!.split('&&').at(-1)!;
    for (const [name, value] of Object.entries(serverProcessEnv)) expect(launch).toContain(` ${name}=${value} `);
  });
});
