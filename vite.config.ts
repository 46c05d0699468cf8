import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { supportedLocales } from './src/shared/locales';
import { manifestPath, webAppManifest } from './src/shared/web-app/manifest';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { firstNamespaces } from './src/client/lib/first-namespaces.ts';

/**
 * Writes `.br` and `.gz` copies beside every built text file, at the highest settings: made
 * once per build, sent by the server as they are (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'kerro-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        // .vite/ holds the manifest, which only the server reads.
        if (entry.parentPath.includes('.vite')) continue;
        if (!entry.isFile() || !/\.(js|css|html|svg|json|txt|webmanifest|xml)$/.test(entry.name)) continue;
        // Pages get index.html with their preloads added (route-preloads.ts), compressed as sent.
        if (entry.name === 'index.html') continue;
        const path = join(entry.parentPath, entry.name);
        const bytes = readFileSync(path);
        if (bytes.length < 1024) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
        writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/** One web app manifest per UI language (src/shared/web-app/manifest.ts), as built files. */
function webAppManifests(): Plugin {
  return {
    name: 'kerro-web-app-manifests',
    apply: 'build',
    generateBundle() {
      for (const language of supportedLocales) {
        this.emitFile({ type: 'asset', fileName: manifestPath(language).slice(1), source: `${JSON.stringify(webAppManifest(language), null, 2)}\n` });
      }
    },
  };
}

/**
 * The service worker (src/service-worker/sw.ts → dist/client/sw.js), built by vite-plugin-pwa
 * with Workbox; the build writes into it the files it keeps: the app shell, every page's code and
 * texts, the icons and manifests. Registered by the app itself after the page loads
 * (client/lib/service-worker.ts), so nothing is injected into index.html.
 */
const serviceWorker = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/service-worker',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // Moderators work online: the console's code is not kept on residents' phones.
      globIgnores: ['**/moderation*'],
    },
  });

const localeFile = /[\\/]src[\\/]client[\\/]locales[\\/](\w+)[\\/]([\w-]+)\.json$/;

/**
 * A language's first namespaces (src/client/lib/first-namespaces.ts) share one chunk, `texts-sv`:
 * every page needs them before its first render, and one download arrives sooner than four.
 */
function firstTextsChunk(moduleId: string): string | null {
  const [, language, namespace] = localeFile.exec(moduleId) ?? [];
  return namespace && (firstNamespaces as readonly string[]).includes(namespace) ? `texts-${language}` : null;
}

/** Every other locale file is a chunk of its own, named for what it holds: `texts-sv-report`. */
function chunkFileName({ facadeModuleId }: { facadeModuleId: string | null }): string {
  const [, language, namespace] = localeFile.exec(facadeModuleId ?? '') ?? [];
  return namespace ? `assets/texts-${language}-${namespace}-[hash].js` : 'assets/[name]-[hash].js';
}

// The Kerro server's port (PORT, as in src/server/config.ts), so `npm run dev` follows it.
const backend = `http://127.0.0.1:${process.env.PORT || 8080}`;

/**
 * What `server-postgres` runs: the storage contract suite, which is the definition of a backend
 * (every repository method, radius searches, triggers and change tokens across instances, the
 * coalesced token read, outbox leases, throttles, the unit of work), plus the few suites whose
 * path reaches SQL or engine behaviour the contract cannot see. Every other server suite talks to
 * the store through the same repositories and runs once, on SQLite, in `server`. The PostgreSQL
 * suites that start servers of their own (test/server/storage/postgres-*.test.ts: concurrency of
 * throttles, rate limits, outbox and unit of work; outages; start-up) run in `server` too.
 */
const postgresSuites = [
  'test/server/storage/contract/**/*.test.ts',
  // `db copy`: SQLite into PostgreSQL, with the target's sequences moved on (PostgreSQL only).
  'test/server/observations/copy-to-postgres.test.ts',
  'test/server/storage/bodies-copy.test.ts',
  'test/server/storage/forwards-copy.test.ts',
  'test/server/storage/idempotency-copy.test.ts',
  // The public listing from cached items, invalidated by statement triggers and read as row
  // arrays: byte for byte the whole list's serialization after every kind of write.
  'test/server/georeport/listing-cache.test.ts',
  // jurisdiction_id and a new request's body: areas found by each engine's point lookup, listings by body.
  'test/server/georeport/jurisdictions.test.ts',
  // Not-ours areas: their table and version trigger, the copy each instance keeps until an import
  // by another process moves it, and a POST there refused.
  'test/server/not-ours/not-ours.test.ts',
  // NUL, which PostgreSQL text cannot hold: refused naming the field, or found nothing, never a 500.
  'test/server/georeport/control-characters.test.ts',
  // An insert failing inside PostgreSQL (a trigger) rolls back the moderation change with its emails.
  'test/server/moderation/notifications.test.ts',
  // Overdue reports: the list's filter is SQL arithmetic on the type's target (bigint milliseconds there).
  'test/server/moderation/overdue.test.ts',
  // The dashboard's filter and flagged counts are SQL; its reports read in keyset pages by id.
  'test/server/moderation/dashboard.test.ts',
  // A caller's report recorded by staff: the report, its receipt and its audit entry in one transaction; bodies by each engine's point lookup.
  'test/server/moderation/caller-report.test.ts',
  // Readiness when PostgreSQL does not answer (the pool's health query), photos as files beside it.
  'test/server/robustness/health.test.ts',
  // Hostile input down to the engine, which refuses what SQLite takes (NUL, 64-bit overflow,
  // broken text): still a 4xx in each API's format, and nothing refused left in the store.
  'test/server/robustness/bad-input.test.ts',
  // Rate limits shared by instances through the store (its PostgreSQL upsert), counted per route.
  'test/server/proxy/rate-limit-per-route.test.ts',
  // The PostgreSQL pool's series, which exist only on that engine.
  'test/server/http/metrics.test.ts',
  // The area feed's radius edges (999 m in, 1001 m out) on PostGIS as on SQLite's grid.
  'test/server/feeds/feeds.test.ts',
  // Photos no row names, swept at start from a MEDIA_DIR the instances share, their rows in PostgreSQL.
  'test/server/storage/orphan-photos.test.ts',
];

const serverSuites = ['test/server/**/*.test.ts', 'test/shared/**/*.test.ts'];

/**
 * Client files that need a module registry of their own: they replace one of the app's modules
 * (vi.mock beyond setup.ts's) or change the process's time zone, which formats the app keeps would
 * otherwise carry into the next file. Found by reading them, so a new one lands in the isolated
 * project without anyone listing it.
 */
const clientIsolatedSuites = readdirSync(join(import.meta.dirname, 'test/client'), { recursive: true, encoding: 'utf8' })
  .filter((path) => /\.test\.tsx?$/.test(path) && /vi\.mock\(|process\.env\.TZ/.test(readFileSync(join(import.meta.dirname, 'test/client', path), 'utf8')))
  .map((path) => `test/client/${path.replaceAll('\\', '/')}`);

/** Server files that replace fastify with a wrapper recording every route the app adds (vi.mock). */
const moduleReplacingSuites = ['test/server/openapi/route-coverage.test.ts', 'test/server/openapi/route-validation.test.ts', 'test/server/robustness/public-personal-data.test.ts'];

/**
 * The e2e files whose assertions measure time, paint or layout shift: on a loaded machine these
 * would measure the load, so they run one at a time after every other file (project `e2e-alone`).
 * Every other e2e file runs three at a time (project `e2e`): each starts its own server on a free
 * port with its own data directory and launches its own Chromium, so the files share nothing.
 * (crash-durability.test.ts runs there too: it kills after a count of answers, not at a time.)
 */
const e2eAlone = [
  // Cumulative layout shift of each page within its budget (≤ 0.02); the photo list shifts less than 0.01 as photos arrive.
  'test/e2e/layout-shift.test.ts',
  // The frame paints before the app renders and before Leaflet is requested (first-contentful-paint).
  'test/e2e/map-after-first-paint.test.ts',
  // A request's page shifts less than 0.02 while its place and map load.
  'test/e2e/request-place.test.ts',
  // Each page's main-thread CPU time within 10 % of its budget: thread time too grows 10-20 % on a crowded machine.
  'test/e2e/page-budgets.test.ts',
  // SIGTERM while uploads are half sent, against the server's shutdown cut-off.
  'test/e2e/crash-graceful-shutdown.test.ts',
];

/** What both e2e projects share: the build before the run, the limits of a browser test. */
const e2eTest = {
  environment: 'node' as const,
  // Each file keeps its own module registry (isolate: false saved 0.6 s of imports a file, but a
  // file importing the server's media code blocks sharp's SVG input for the files after it).
  // Builds the web app and the server once per run when their source changed since the last build.
  globalSetup: ['test/helpers/build-for-e2e.ts'],
  testTimeout: 120_000,
  hookTimeout: 240_000,
  // expect.poll waits for a state in the page; vitest's default bound (1 s) is shorter than a
  // loaded two-core machine takes to get there, e.g. checking a 21 MB photo. Done when it is there.
  expect: { poll: { timeout: 15_000 } },
};

export default defineConfig({
  plugins: [react(), webAppManifests(), serviceWorker(), precompress()],
  // `@/…` is `src/…` (tsconfig.json's paths say the same to TypeScript and ESLint's resolver).
  resolve: { alias: { '@': join(import.meta.dirname, 'src') } },
  json: { namedExports: false },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: the server preloads each page's chunks from it (src/server/route-preloads.ts).
    manifest: true,
    // Every browser the app supports has <link rel="modulepreload">; where one lacks it, the
    // chunks still load, only without the head start — not worth a polyfill in the first script.
    modulePreload: { polyfill: false },
    // The chunks of the locale files, which i18next downloads (src/client/lib/i18n.ts).
    rolldownOptions: { output: { chunkFileNames: chunkFileName, codeSplitting: { groups: [{ name: firstTextsChunk, debugName: 'first texts' }] } } },
  },
  server: {
    // `npm run dev`: the API lives on the Kerro server; Vite serves the app with hot reload.
    // Only the moderation API: /moderation and /moderation/login are pages of the app itself.
    proxy: Object.fromEntries(
      ['/proxy', '/open311', '/api', '/media', '/moderation/api'].map((prefix) => [prefix, backend]),
    ),
  },
  test: {
    // Vitest's default is one worker on two cores (cores − 1); the files of group 0 wait on SQLite,
    // PostgreSQL and sharp often enough that two keep both cores busy (19 min → 14.6 min here).
    maxWorkers: 2,
    projects: [
      {
        // One module registry per worker, not per file (isolate: false): importing the server's
        // modules again for each of 170 files was over half this project's time (6 min 49 s →
        // 2 min 39 s here). Every file builds its own app on its own store, so nothing else is shared.
        extends: true,
        test: { name: 'server', environment: 'node', include: serverSuites, exclude: [...configDefaults.exclude, ...moduleReplacingSuites], isolate: false },
      },
      {
        // The files that replace a module (vi.mock) need a registry of their own, as by default.
        extends: true,
        test: { name: 'server-mocks', environment: 'node', include: moduleReplacingSuites },
      },
      {
        // postgresSuites on PostgreSQL + PostGIS: a throwaway server for the run, a fresh database
        // per test file (test/helpers/test-store.ts). Fails, never skips, without the binaries.
        extends: true,
        test: {
          name: 'server-postgres',
          environment: 'node',
          include: postgresSuites,
          env: { KERRO_TEST_BACKEND: 'postgres' },
          globalSetup: ['test/helpers/postgres-global-setup.ts'],
          hookTimeout: 60_000,
        },
      },
      {
        // One module registry and one jsdom per worker, not per file (isolate: false): setting up
        // jsdom and importing the app again for each of 65 files was most of this project's time,
        // and under load pushed tests past their time-outs. Each test renders with fresh clients
        // (render-app.tsx) and setup.ts cleans the document, storage and stubs after it.
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['test/client/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...clientIsolatedSuites],
          setupFiles: ['test/client/setup.ts'],
          isolate: false,
        },
      },
      {
        // The files that replace a module or the time zone get a registry of their own, as by default.
        extends: true,
        test: {
          name: 'client-mocks',
          environment: 'jsdom',
          include: clientIsolatedSuites,
          setupFiles: ['test/client/setup.ts'],
        },
      },
      {
        // After the suites above (group 0): three e2e files at a time, each a server and a browser.
        // Two left the cores idle while pages loaded (27 min); three keep both busy (22.4 min,
        // every file passing). New e2e files land here by default.
        extends: true,
        test: {
          ...e2eTest,
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...e2eAlone],
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Last, one file at a time on an otherwise idle run: the files that measure time or paint.
        extends: true,
        test: {
          ...e2eTest,
          name: 'e2e-alone',
          include: e2eAlone,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
