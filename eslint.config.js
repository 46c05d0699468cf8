import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
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

const allowedLayers = { shared: ['shared'], client: ['client', 'shared'], server: ['server', 'shared'] };

/**
 * DESIGN.md's boundaries: client and server never import each other, shared imports neither
 * (and no Node built-ins, so it runs in the browser), client features do not import each other.
 */
const boundariesRule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = partOf(context.filename);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const bare = source.replace(/^node:/, '').split('/')[0];
      if ((from.layer === 'shared' || from.layer === 'client') && (source.startsWith('node:') || nodeBuiltins.has(bare))) {
        context.report({ node, message: `src/${from.layer} must not import the Node built-in '${source}'.` });
        return;
      }
      if (!source.startsWith('.')) return;
      const to = partOf(resolve(dirname(context.filename), source));
      if (!to) return;
      if (!allowedLayers[from.layer].includes(to.layer)) {
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
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', '.bench-data/**'] },
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
);
