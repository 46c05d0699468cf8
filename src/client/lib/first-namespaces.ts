/**
 * The namespaces every page's first render may need: the frame's (common) and what the home page
 * shows at once. Each language's are one chunk (vite.config.ts groups them), asked for by the
 * entry script as it starts (boot.ts); a page's other namespaces are chunks of their own, one per
 * language, downloaded with the page's code (app/router.tsx). Imports nothing: vite.config.ts reads it.
 */
export const firstNamespaces = ['common', 'counters', 'map'] as const;
