import { defineConfig } from 'vite';

/**
 * The server, built for plain `node` (npm start): TypeScript compiled to ES modules, one file per
 * source file under dist-server/ (so src/server/client-routes.ts still finds ../../dist/client), and
 * every npm package left to node_modules.
 */
export default defineConfig({
  publicDir: false,
  build: {
    ssr: 'src/server/main.ts',
    outDir: 'dist-server',
    emptyOutDir: true,
    sourcemap: true,
    target: 'node20',
    minify: false,
    rollupOptions: {
      output: { preserveModules: true, preserveModulesRoot: 'src', entryFileNames: '[name].js' },
    },
  },
});
