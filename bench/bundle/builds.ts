import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../test/helpers/project-root';

const viteBin = join(projectRoot, 'node_modules/vite/bin/vite.js');

/** `vite build` in `cwd` with the given arguments, as production (as test/helpers/build-for-e2e.ts does). */
function viteBuild(cwd: string, args: string[]): void {
  execFileSync(process.execPath, [viteBin, 'build', '--logLevel', 'warn', ...args], {
    cwd,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
}

/**
 * The app built again into `outDir` with source maps beside its chunks, for telling apart which
 * library each stretch of code came from. Same config otherwise, so the same chunks (the files
 * differ only by the `sourceMappingURL` comment at their end).
 */
export function buildAppWithSourceMaps(outDir: string): void {
  viteBuild(projectRoot, ['--sourcemap', '--outDir', outDir, '--emptyOutDir']);
}

const smallestApp = {
  // The viewport and description as the app's own page has them, for the Lighthouse baseline.
  'index.html': '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="The benchmark baseline"><title>floor</title></head><body><div id="root"></div><script type="module" src="/main.jsx"></script></body></html>\n',
  'main.jsx': "import { createRoot } from 'react-dom/client';\n\ncreateRoot(document.getElementById('root')).render(<h1>Hello</h1>);\n",
  'vite.config.mjs': "import react from '@vitejs/plugin-react';\nimport { defineConfig } from 'vite';\n\nexport default defineConfig({ plugins: [react()], build: { manifest: true } });\n",
};

/**
 * The smallest page this stack can ship: one component rendered with React's createRoot, built
 * by the project's own vite and @vitejs/plugin-react (node_modules linked in), in `dir`.
 * Returns its client directory (index.html, assets/, .vite/manifest.json).
 */
export function buildSmallestReactApp(dir: string): string {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(smallestApp)) writeFileSync(join(dir, name), text);
  symlinkSync(join(projectRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  viteBuild(dir, []);
  return join(dir, 'dist');
}
