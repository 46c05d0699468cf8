/**
 * `npm start` builds only what changed (scripts/build-stamp.mjs, which the e2e set-up uses too):
 * the up-to-date check on a real project tree in miniature, with a stand-in for Vite that writes
 * the output as a build would.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIfStale, builds, projectRoot, staleness, type Build } from '../../scripts/build-stamp.mjs';

const app: Build = { what: 'the app', inputs: ['src', 'config.ts', '.env'], readsViteEnv: true, output: 'dist/index.html', stamp: 'dist-stamp.json', viteArgs: [] };
const server: Build = { ...app, what: 'the server', readsViteEnv: false, output: 'dist-server/main.js', stamp: 'dist-server-stamp.json' };

let root: string;
let runs = 0;
const write = (path: string, content: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), content);
};
/** Vite's stand-in: writes the output anew, as every build does. */
const run = ({ output }: Build) => {
  runs += 1;
  write(output, `built ${runs}`);
};
const build = (which = app, env: NodeJS.ProcessEnv = {}) => buildIfStale(which, { root, env, run, log: () => undefined });

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'kerro-build-stamp-'));
  runs = 0;
  write('src/main.ts', 'export const a = 1;');
  write('src/deep/page.tsx', 'export const b = 2;');
  write('config.ts', 'export default {};');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the up-to-date check', () => {
  it('builds what was never built, then not again while nothing changed', () => {
    expect(staleness(app, root, {})).toBe('it was never built');
    expect(build()).toBe(true);
    expect(staleness(app, root, {})).toBeUndefined();
    expect(build()).toBe(false);
    expect(runs).toBe(1);
  });

  it('builds again when a source file changes, is added or is removed, at any depth', () => {
    build();
    write('src/deep/page.tsx', 'export const b = 3;');
    expect(staleness(app, root, {})).toBe('its sources or settings changed');
    expect(build()).toBe(true);
    write('src/deep/new.ts', '');
    expect(build()).toBe(true);
    rmSync(join(root, 'src/main.ts'));
    expect(build()).toBe(true);
    write('.env', 'VITE_MAP_ZOOM=12');
    expect(build()).toBe(true);
    expect(build()).toBe(false);
    expect(runs).toBe(5);
  });

  it('goes by contents: a touched file with the same content costs no build, an older copy brought back does', () => {
    build();
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'src/main.ts'), later, later);
    expect(staleness(app, root, {})).toBeUndefined();
    write('src/main.ts', 'export const a = 0;');
    const earlier = new Date(Date.now() - 3_600_000);
    utimesSync(join(root, 'src/main.ts'), earlier, earlier);
    expect(staleness(app, root, {})).toBe('its sources or settings changed');
  });

  it("builds the web app again when a VITE_ setting changes (built into its code), the server not", () => {
    build(app, { VITE_MAP_TILE_URL: 'https://a.example/{z}/{x}/{y}.png', PORT: '8080' });
    build(server, { VITE_MAP_TILE_URL: 'https://a.example/{z}/{x}/{y}.png' });
    expect(staleness(app, root, { VITE_MAP_TILE_URL: 'https://a.example/{z}/{x}/{y}.png', PORT: '9090' })).toBeUndefined();
    expect(staleness(app, root, { VITE_MAP_TILE_URL: 'https://b.example/{z}/{x}/{y}.png' })).toBe('its sources or settings changed');
    expect(staleness(app, root, {})).toBe('its sources or settings changed');
    expect(staleness(server, root, { VITE_MAP_TILE_URL: 'https://b.example/{z}/{x}/{y}.png' })).toBeUndefined();
  });

  it('builds again when the output is gone or was built another way since (npm run build)', () => {
    build();
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, app.output), later, later);
    expect(staleness(app, root, {})).toBe('it was built another way since');
    build();
    rmSync(join(root, app.output));
    expect(staleness(app, root, {})).toBe('it was never built');
    expect(build()).toBe(true);
  });

  it('records nothing when the build fails, so the next start tries again', () => {
    const failing = () => {
      throw new Error('vite failed');
    };
    expect(() => buildIfStale(app, { root, env: {}, run: failing, log: () => undefined })).toThrow('vite failed');
    expect(existsSync(join(root, app.stamp))).toBe(false);
    expect(build()).toBe(true);
  });
});

describe("the project's builds", () => {
  it('read folders and files that exist, and write their stamps outside the folder the app is served from', () => {
    for (const { inputs, stamp } of Object.values(builds)) {
      for (const input of inputs.filter((path) => !path.startsWith('.env'))) expect(existsSync(join(projectRoot, input)), input).toBe(true);
      expect(stamp.startsWith('dist/client/')).toBe(false);
    }
  });
});
