import { config } from 'zod/v4/core';

/**
 * zod v4 probes `new Function('')` to decide whether it may compile fast object parsers. The
 * app's Content Security Policy (script-src 'self', no 'unsafe-eval') refuses that probe and the
 * browser reports a violation on every page that parses. Parsing without the compiled fast path
 * is quick enough for API answers and form input. main.tsx imports this first, once, so every
 * page (all load lazily, after it) parses without the probe.
 *
 * `zod/v4/core` is the module that owns the setting; importing `config` alone from it keeps the
 * schemas out of the first page (test/e2e/report-bundle.test.ts).
 */
config({ jitless: true });
