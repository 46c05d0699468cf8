import { readFileSync, readdirSync } from 'node:fs';
import { launchBrowser } from '../test/helpers/browser';
import { startKerroServer } from '../test/helpers/kerro-server';

const cpu = () => {
  const byType: Record<string, number> = {};
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes('chromium')) continue;
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')')[1]!.trim().split(' ');
      const type = /--type=([^\s\0]+)/.exec(cmd)?.[1] ?? 'browser';
      byType[`${type}`] = (byType[type] ?? 0) + (Number(f[11]) + Number(f[12])) * 10;
    } catch {}
  }
  return byType;
};
const show = (label: string, a: Record<string, number>, b: Record<string, number>) => {
  const d = Object.fromEntries(Object.keys(b).map((k) => [k, b[k]! - (a[k] ?? 0)]).filter(([, v]) => (v as number) > 0));
  console.log(label, Object.values(d).reduce((x, y) => (x as number) + (y as number), 0), JSON.stringify(d));
};
const server = await startKerroServer({});
const browser = await launchBrowser();
const path = process.env.PAGE ?? '/';
try {
  for (let round = 0; round < 2; round++) {
    let a = cpu();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB', serviceWorkers: 'block' });
    await context.route(/tile\.openstreetmap\.org/, (r) => r.abort('internetdisconnected'));
    const page = await context.newPage();
    await page.goto(server.baseUrl + '/healthz', { waitUntil: 'networkidle' });
    let b = cpu(); show('new context + tiny page', a, b);
    a = cpu(); await page.goto(server.baseUrl + path, { waitUntil: 'networkidle' }); b = cpu(); show(`first ${path}`, a, b);
    a = cpu(); await page.reload({ waitUntil: 'networkidle' }); b = cpu(); show(`reload ${path}`, a, b);
    a = cpu(); const p2 = await context.newPage(); await p2.goto(server.baseUrl + path, { waitUntil: 'networkidle' }); b = cpu(); show(`new page same context ${path}`, a, b);
    a = cpu(); await p2.goto(server.baseUrl + '/healthz', { waitUntil: 'networkidle' }); await p2.goto(server.baseUrl + path, { waitUntil: 'networkidle' }); b = cpu(); show(`goto away and back ${path}`, a, b);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
