import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The client's features: each may use only itself of src/client/features. */
const clientFeatures = readdirSync(new URL('./src/client/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The client's common code: used by features and pages, it uses neither. */
const clientCommon = ['api', 'components', 'hooks', 'lib', 'locales', 'styles', 'types'].map((folder) => `src/client/${folder}`);

/**
 * DESIGN.md's and ARCHITECTURE.md's boundaries, as zones: files under `target` must not import
 * files under `from`. Paths are from the repository's root (ESLint runs there).
 */
const zones = [
  // Client and server never import each other; shared imports neither.
  { target: 'src/client', from: 'src/server', message: 'src/client must not import src/server.' },
  { target: 'src/server', from: 'src/client', message: 'src/server must not import src/client.' },
  { target: 'src/shared', from: ['src/client', 'src/server'], message: 'src/shared must import neither src/client nor src/server.' },
  {
    target: 'src/service-worker',
    from: ['src/server', 'src/client/app', 'src/client/features', 'src/client/components'],
    message: 'the service worker imports shared code and the build settings (src/client/lib/env.ts) only.',
  },
  { target: ['src/client', 'src/server', 'src/shared'], from: 'src/service-worker', message: 'nothing imports the service worker: the browser runs it from /sw.js.' },
  // The client's one-way tiers, bulletproof-react's: pages (app/) compose features, features use
  // common code, never the other way. The entry (main.tsx) may import anything.
  ...clientFeatures.map((feature) => ({
    target: `src/client/features/${feature}`,
    from: 'src/client/features',
    except: [`./${feature}`],
    message: `feature '${feature}' must not import another feature; compose them in a page (src/client/app).`,
  })),
  { target: 'src/client/features', from: 'src/client/app', message: 'features must not import pages (src/client/app).' },
  {
    target: clientCommon,
    from: ['src/client/features', 'src/client/app'],
    message: 'common code (components/lib/api/hooks) must not import features or pages.',
  },
  // The GeoReport service is reached over its protocol (src/server/open311), never by reaching into it.
  {
    target: ['src/server/proxy', 'src/server/moderation', 'src/server/http', 'src/server/open311', 'src/server/service-objects'],
    from: 'src/server/georeport',
    message: 'use the GeoReport protocol in src/server/open311, not the service (src/server/georeport).',
  },
  // The proxy speaks protocols (open311/, drf/, pelias/); the embedded services reach it through
  // EmbeddedServices (app.ts connects them), never by the proxy importing their internals.
  {
    target: 'src/server/proxy',
    from: ['src/server/counters', 'src/server/observations', 'src/server/geocoding', 'src/server/bodies'],
    message: 'the proxy imports protocols only (src/server/drf, src/server/pelias, src/server/open311); reach an embedded service through EmbeddedServices.',
  },
  // A protocol room serves the services and the proxy and imports neither, so no folder loops through it.
  {
    target: ['src/server/drf', 'src/server/pelias'],
    from: ['src/server/counters', 'src/server/observations', 'src/server/geocoding', 'src/server/proxy'],
    message: 'a protocol (src/server/drf, src/server/pelias) must not import a service or the proxy: they import it.',
  },
  // Forwarding is a client of the case systems: it reaches requests through the storage seam and
  // plans, never through the GeoReport service, moderation's routes or the proxy.
  {
    target: 'src/server/forwarding',
    from: ['src/server/georeport', 'src/server/moderation', 'src/server/proxy'],
    message: 'src/server/forwarding imports open311, notify, jobs, the bodies send settings, the storage seam, time and shared; never georeport, moderation or the proxy.',
  },
  // The feeds read published reports through the storage seam and show them as the open311
  // presenter and notify's words do; never through the GeoReport service, moderation or the proxy.
  {
    target: 'src/server/feeds',
    from: ['src/server/georeport', 'src/server/moderation', 'src/server/proxy', 'src/server/forwarding', 'src/server/counters', 'src/server/observations'],
    message: 'src/server/feeds imports the storage seam, the open311 presenter, notify\'s words, http, time and shared; never georeport, moderation or the proxy.',
  },
  // The job loop is the senders' rhythm only: it imports nothing of the app.
  { target: 'src/server/jobs', from: ['src/server/!(jobs)/**', 'src/server/*'], message: 'src/server/jobs is generic: it imports nothing of the server.' },
  // Cross-cutting HTTP is used by the APIs and uses none of them.
  {
    target: 'src/server/http',
    from: [
      'src/server/open311',
      'src/server/drf',
      'src/server/pelias',
      'src/server/geocoding',
      'src/server/counters',
      'src/server/observations',
      'src/server/proxy',
      'src/server/notify',
      'src/server/bodies',
    ],
    message: 'src/server/http is cross-cutting: the APIs use it, it uses none of them.',
  },
  // The validated environment is the server's floor: every part reads it, it reads none of them.
  { target: 'src/server/config.ts', from: 'src/server', message: 'src/server/config.ts imports nothing of the server (shared only): the server imports it.' },
  // The app's context is made of lower parts and hands them to the APIs: it imports no API or
  // service (one adds its own part, as georeport/service-context.ts does), and the parts it is
  // made of never import it back (a route among them is given what it needs).
  {
    target: 'src/server/context.ts',
    from: 'src/server',
    except: ['./config.ts', './http', './media/decode-budget.ts', './notify/mail-links.ts', './storage'],
    message: "src/server/context.ts is made of config, the storage seam, http, media's decode budget and notify's mail links; never an API or a service.",
  },
  {
    target: ['src/server/http', 'src/server/media', 'src/server/notify', 'src/server/storage'],
    from: 'src/server/context.ts',
    message: "what the app's context is made of must not import it: pass a route the parts it needs.",
  },
  // The storage backends are reached through the seam (storage/index.ts, storage/repositories/*).
  ...['sqlite', 'postgres'].map((backend) => ({
    target: ['src/server/!(storage)/**', 'src/server/*'],
    from: `src/server/storage/${backend}`,
    message: 'only src/server/storage/** may import a backend; go through src/server/storage (openStore) or storage/repositories.',
  })),
];

/** Database drivers, each allowed only inside its storage backend: nothing else holds a handle. */
const databaseDrivers = { 'better-sqlite3': 'src/server/storage/sqlite', pg: 'src/server/storage/postgres' };
const driversRule = (except) => [
  'error',
  {
    paths: Object.entries(databaseDrivers)
      .filter(([name]) => name !== except)
      .map(([name, folder]) => ({ name, message: `only ${folder}/** may import it; go through src/server/storage (openStore).` })),
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', '.bench-data/**', 'dist-server/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Non-null assertions are used where an invariant is checked just above; review keeps them honest.
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // The boundaries above, and no import cycles: each module can be read and tested from its imports down.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // `@/…` is `src/…`, as in tsconfig.json and vite.config.ts, so the zones see where it leads.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'], alias: { '@': [join(import.meta.dirname, 'src')] } })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-imports': driversRule(),
    },
  },
  // Shared code runs in the browser too, so neither it nor the client imports Node's built-ins.
  { files: ['src/client/**/*.{ts,tsx}', 'src/shared/**/*.ts'], rules: { 'import-x/no-nodejs-modules': 'error' } },
  { files: ['src/server/storage/sqlite/**/*.ts'], rules: { 'no-restricted-imports': driversRule('better-sqlite3') } },
  { files: ['src/server/storage/postgres/**/*.ts'], rules: { 'no-restricted-imports': driversRule('pg') } },
);
