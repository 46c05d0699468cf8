import { readFileSync, readdirSync } from 'node:fs';
import { launchBrowser } from '../test/helpers/browser';
import { startKerroServer } from '../test/helpers/kerro-server';

const chromeCpu = () => {
  let total = 0;
  const byType: Record<string, number> = {};
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes('chromium')) continue;
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')')[1]!.trim().split(' ');
      const t = (Number(f[11]) + Number(f[12])) * 10;
      const type = /--type=([^\s\0]+)/.exec(cmd)?.[1] ?? 'browser';
      byType[type] = (byType[type] ?? 0) + t;
      total += t;
    } catch {}
  }
  return { total, byType };
};
const diff = (a: ReturnType<typeof chromeCpu>, b: ReturnType<typeof chromeCpu>) => Object.fromEntries(Object.keys(b.byType).map((k) => [k, b.byType[k]! - (a.byType[k] ?? 0)]));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const server = await startKerroServer({ env: { LOG_LEVEL: 'warn' } });
const browser = await launchBrowser();
try {
  for (const path of (process.env.PAGES ?? '/,/report,/counters').split(',')) {
    for (const vp of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      const c0 = chromeCpu();
      const context = await browser.newContext({ viewport: vp, locale: 'en-GB', serviceWorkers: 'block' });
      await context.route(/tile\.openstreetmap\.org/, (r) => r.abort('internetdisconnected'));
      const page = await context.newPage();
      const c1 = chromeCpu();
      await page.goto(server.baseUrl + path, { waitUntil: 'networkidle' });
      const c2 = chromeCpu();
      await sleep(3000);
      const c3 = chromeCpu();
      await context.close();
      console.log(`${path} ${vp.width}: newContext+newPage ${c1.total - c0.total} ms CPU, load→networkidle ${c2.total - c1.total} ms CPU ${JSON.stringify(diff(c1, c2))}, 3 s idle ${c3.total - c2.total} ms CPU ${JSON.stringify(diff(c2, c3))}`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
