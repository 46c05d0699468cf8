import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

/** Data files the server reads beside its modules (`new URL('./file', import.meta.url)`), under src/. */
const serverDataFiles = ['server/demo/capital-region-bodies.geojson'];

/** Copies them to the same place under dist-server/, where the built modules look. */
const copyServerDataFiles: Plugin = {
  name: 'kerro-server-data-files',
  generateBundle() {
    for (const file of serverDataFiles) this.emitFile({ type: 'asset', fileName: file, source: readFileSync(`src/${file}`) });
  },
};

/**
 * The server and the admin command line, built for plain `node` (npm start, npm run admin), so a
 * production install needs no dev tools: TypeScript compiled to ES modules, one file per source
 * file under dist-server/ (so src/server/client-routes.ts still finds ../../dist/client), and
 * every npm package left to node_modules.
 */
export default defineConfig({
  publicDir: false,
  plugins: [copyServerDataFiles],
  build: {
    ssr: true,
    outDir: 'dist-server',
    emptyOutDir: true,
    sourcemap: true,
    target: 'node20',
    minify: false,
    rollupOptions: {
      input: ['src/server/main.ts', 'src/server/admin/cli.ts'],
      output: { preserveModules: true, preserveModulesRoot: 'src', entryFileNames: '[name].js' },
    },
  },
});
