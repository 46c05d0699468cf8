import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { builtinModules } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const nodeBuiltins = new Set(builtinModules);

/** Which part of src/ a file belongs to: shared, client, server, and the client feature if any. */
function partOf(file) {
  const path = relative(root, file).split('\\').join('/');
  const match = /^src\/(shared|client|server)\//.exec(path);
  if (!match) return undefined;
  const feature = /^src\/client\/features\/([^/]+)\//.exec(path)?.[1];
  return { layer: match[1], feature };
}

/** Database drivers, each allowed only inside its storage backend: nothing else holds a handle. */
const databaseDrivers = {
  'better-sqlite3': { folder: 'src/server/storage/sqlite' },
  pg: { folder: 'src/server/storage/postgres' },
};

function insideFolder(file, folder) {
  const path = relative(root, file).split('\\').join('/');
  return path === folder || path.startsWith(`${folder}/`);
}

/**
 * Folders of src/server that only some others may import. The GeoReport service is reached over
 * its protocol (src/server/open311), never by reaching into it; the storage backends are reached
 * through the seam (storage/index.ts, storage/repositories/*), never by their internals.
 */
const serverZones = [
  {
    target: 'src/server/georeport',
    forbiddenFrom: ['src/server/proxy', 'src/server/moderation', 'src/server/http', 'src/server/open311', 'src/server/service-objects'],
    message: (from) => `${from} must not import the GeoReport service (src/server/georeport); use the protocol in src/server/open311.`,
  },
  ...['src/server/storage/sqlite', 'src/server/storage/postgres'].map((target) => ({
    target,
    allowedFrom: ['src/server/storage'],
    message: () => `only src/server/storage/** may import ${target}/**; go through src/server/storage (openStore) or storage/repositories.`,
  })),
];

/** The zone rule an import from `file` of `target` breaks, if any. */
function brokenZone(file, target) {
  for (const zone of serverZones) {
    if (!insideFolder(target, zone.target)) continue;
    const from = (zone.forbiddenFrom ?? []).find((folder) => insideFolder(file, folder));
    if (from) return zone.message(`${from}/**`);
    if (zone.allowedFrom && !zone.allowedFrom.some((folder) => insideFolder(file, folder))) {
      return zone.message();
    }
  }
  return undefined;
}

/**
 * The client's one-way tiers, bulletproof-react's: pages (app/) compose features, features use
 * the client's common code (components/, lib/, api/, hooks/), which uses neither. The entry
 * (main.tsx) may import anything.
 */
const clientTiers = { app: 3, features: 2, components: 1, lib: 1, api: 1, hooks: 1, locales: 1, styles: 1, types: 1 };

function clientTierOf(file) {
  const path = relative(root, file).split('\\').join('/');
  const folder = /^src\/client\/([^/]+)\//.exec(path)?.[1];
  return folder === undefined ? undefined : { folder, tier: clientTiers[folder] ?? 0 };
}

function brokenClientTier(file, target) {
  const from = clientTierOf(file);
  const to = clientTierOf(target);
  if (!from || !to || from.tier === 0 || to.tier <= from.tier || from.folder === to.folder) return undefined;
  return `src/client/${from.folder} must not import src/client/${to.folder}: pages (app) use features, features use components/lib/api/hooks, never the other way.`;
}

const allowedLayers = { shared: ['shared'], client: ['client', 'shared'], server: ['server', 'shared'] };

/**
 * DESIGN.md's boundaries: client and server never import each other, shared imports neither
 * (and no Node built-ins, so it runs in the browser), client features do not import each other,
 * and the server's zones above hold.
 */
const boundariesRule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = partOf(context.filename);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const driver = databaseDrivers[source];
      if (driver && !insideFolder(context.filename, driver.folder)) {
        context.report({ node, message: `only ${driver.folder}/** may import '${source}'; go through src/server/storage (openStore).` });
        return;
      }
      const bare = source.replace(/^node:/, '').split('/')[0];
      if ((from.layer === 'shared' || from.layer === 'client') && (source.startsWith('node:') || nodeBuiltins.has(bare))) {
        context.report({ node, message: `src/${from.layer} must not import the Node built-in '${source}'.` });
        return;
      }
      if (!source.startsWith('.')) return;
      const target = resolve(dirname(context.filename), source);
      const to = partOf(target);
      if (!to) return;
      const zoneMessage =
        from.layer === 'server' ? brokenZone(context.filename, target) : from.layer === 'client' ? brokenClientTier(context.filename, target) : undefined;
      if (zoneMessage) {
        context.report({ node, message: zoneMessage });
      } else if (!allowedLayers[from.layer].includes(to.layer)) {
        context.report({ node, message: `src/${from.layer} must not import from src/${to.layer} ('${source}').` });
      } else if (from.feature && to.feature && from.feature !== to.feature) {
        context.report({
          node,
          message: `feature '${from.feature}' must not import feature '${to.feature}'; compose them in a page (src/client/app).`,
        });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', '.bench-data/**', 'dist-server/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { kerro: { rules: { boundaries: boundariesRule } } },
    rules: {
      'kerro/boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Non-null assertions are used where an invariant is checked just above; review keeps them honest.
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // No import cycles in the application: each module can be read and tested from its imports down.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
