import { config } from 'zod';

/**
 * zod v4 probes `new Function('')` to decide whether it may compile fast object parsers. The
 * app's Content Security Policy (script-src 'self', no 'unsafe-eval') refuses that probe and the
 * browser reports a violation on every page that parses. Parsing without the compiled fast path
 * is quick enough for API answers and form input. main.tsx imports this first, once, so every
 * page (all load lazily, after it) parses without the probe.
 */
config({ jitless: true });
