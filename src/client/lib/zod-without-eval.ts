/**
 * zod v4 probes `new Function('')` to decide whether it may compile fast object parsers. The
 * app's Content Security Policy (script-src 'self', no 'unsafe-eval') refuses that probe and the
 * browser reports a violation on every page that parses. Parsing without the compiled fast path
 * is quick enough for API answers and form input. main.tsx imports this first, once, so every
 * page (all load lazily, after it) parses without the probe.
 *
 * This is what zod's `config({ jitless: true })` does: zod keeps its settings in this global, so
 * that every copy of zod on a page shares them. Setting it directly keeps zod's core (about
 * 3.5 KiB gzip) out of the first page, which parses without zod.
 * test/client/zod-without-eval.test.ts checks, through zod's own `config()`, that it still works.
 */
const zodGlobals = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// Added to, not replaced: zod holds on to the object it found when it loaded.
Object.assign((zodGlobals.__zod_globalConfig ??= {}), { jitless: true });

export {};
