import { defineConfig } from 'vite';

/**
 * The server and the admin command line, built for plain `node` (npm start, npm run admin), so a
 * production install needs no dev tools: TypeScript compiled to ES modules, one file per source
 * file under dist-server/ (so src/server/client-routes.ts still finds ../../dist/client), and
 * every npm package left to node_modules.
 */
export default defineConfig({
  publicDir: false,
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
