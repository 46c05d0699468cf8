import { readFileSync, readdirSync } from 'node:fs';
import { launchBrowser } from '../test/helpers/browser';
import { startKerroServer } from '../test/helpers/kerro-server';

const cpu = () => { let t = 0; for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) { try { const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8'); if (!cmd.includes('chromium') || !cmd.includes('--type=renderer')) continue; const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')')[1]!.trim().split(' '); t += (Number(f[11]) + Number(f[12])) * 10; } catch {} } return t; };
const server = await startKerroServer({});
const browser = await launchBrowser();
const names = ['FunctionCall', 'V8.CompileCode', 'v8.parseOnBackground', 'v8.evaluateModule', 'RunTask'];
const pattern = new RegExp(process.env.CHUNKS ?? 'main-');
try {
  for (const round of [1, 2, 3]) for (const hinted of [false, true]) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB', serviceWorkers: 'block' });
    await context.route(/tile\.openstreetmap\.org/, (r) => r.abort('internetdisconnected'));
    if (hinted) await context.route((url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js') && pattern.test(url.pathname), async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: `//# allFunctionsCalledOnLoad\n${await response.text()}` });
    });
    else await context.route((url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js') && pattern.test(url.pathname), async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: await response.text() });
    });
    const page = await context.newPage();
    await page.goto(server.baseUrl + '/healthz');
    await browser.startTracing(page, { path: '/tmp/trace-h.json', categories: ['devtools.timeline', 'v8', 'v8.execute', 'disabled-by-default-devtools.timeline'] });
    const a = cpu();
    const t0 = Date.now();
    await page.goto(server.baseUrl + (process.env.PAGE ?? '/'), { waitUntil: 'networkidle' });
    const wall = Date.now() - t0;
    const spent = cpu() - a;
    await browser.stopTracing();
    const events = (JSON.parse(readFileSync('/tmp/trace-h.json', 'utf8')) as { traceEvents: { name: string; ph: string; dur?: number }[] }).traceEvents;
    const sum: Record<string, number> = {};
    for (const e of events) if (e.ph === 'X' && e.dur && names.includes(e.name)) sum[e.name] = (sum[e.name] ?? 0) + e.dur / 1000;
    const lcp = await page.evaluate(() => new Promise<number>((resolve) => new PerformanceObserver((list) => { const entries = list.getEntries(); resolve(entries[entries.length - 1]!.startTime); }).observe({ type: 'largest-contentful-paint', buffered: true })));
    console.log(`round ${round} ${hinted ? 'hinted  ' : 'baseline'}: renderer CPU ${spent} ms, wall ${wall} ms, LCP ${lcp.toFixed(0)} ms,`, names.map((n) => `${n} ${(sum[n] ?? 0).toFixed(0)}`).join(', '));
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
