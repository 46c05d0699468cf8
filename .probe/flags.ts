import { readFileSync, readdirSync } from 'node:fs';
import { launchBrowser, runAxe } from '../test/helpers/browser';
import { startKerroServer } from '../test/helpers/kerro-server';

const cpu = () => {
  let t = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes('chromium')) continue;
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')')[1]!.trim().split(' ');
      t += (Number(f[11]) + Number(f[12])) * 10;
    } catch {}
  }
  return t;
};
const server = await startKerroServer({});
const variants: Record<string, string[]> = { baseline: [], 'max-opt=2': ['--js-flags=--max-opt=2'], 'max-opt=1': ['--js-flags=--max-opt=1'], 'no-opt': ['--js-flags=--no-opt'] };
try {
  for (const round of [1, 2]) for (const [name, args] of Object.entries(variants)) {
    const browser = await launchBrowser(args);
    let spent = 0;
    let wall = 0;
    for (let i = 0; i < 4; i++) {
      // measure per context, before closing it (a closed renderer's CPU leaves /proc)
      const start = Date.now();
      const a = cpu();
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB', serviceWorkers: 'block' });
      await context.route(/tile\.openstreetmap\.org/, (r) => r.abort('internetdisconnected'));
      const page = await context.newPage();
      for (const path of ['/', '/report', '/counters']) {
        await page.goto(server.baseUrl + path, { waitUntil: 'networkidle' });
        await runAxe(page);
      }
      spent += cpu() - a;
      wall += Date.now() - start;
      await context.close();
    }
    console.log(`round ${round} ${name}: chromium CPU ${(spent / 4).toFixed(0)} ms per context (3 pages + axe each), wall ${(wall / 4).toFixed(0)} ms`);
    await browser.close();
  }
} finally {
  await server.stop();
}
