import { readFileSync } from 'node:fs';
import { launchBrowser } from '../test/helpers/browser';
import { startKerroServer } from '../test/helpers/kerro-server';

const server = await startKerroServer({});
const browser = await launchBrowser();
const path = process.env.PAGE ?? '/';
const summarize = (file: string, label: string) => {
  const events = (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: { name: string; ph: string; dur?: number; tid: number; pid: number; cat: string; args?: { data?: { url?: string } } }[] }).traceEvents;
  // the renderer main thread: the thread with the most 'RunTask' time in a renderer pid, take all X events' self time is hard; sum chosen names
  const names = ['v8.compile', 'v8.compileModule', 'V8.CompileCode', 'v8.parseOnBackground', 'v8.produceModuleCache', 'v8.produceCache', 'EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Layerize', 'MinorGC', 'MajorGC', 'V8.GC_SCAVENGER', 'RunMicrotasks', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'ParseAuthorStyleSheet', 'RunTask', 'ThreadControllerImpl::RunTask', 'RasterTask', 'v8.run', 'V8.Execute', 'ScheduleStyleRecalculation', 'HitTest', 'Decode Image', 'ImageDecodeTask', 'XHRReadyStateChange', 'ResourceReceivedData'];
  const sum: Record<string, number> = {};
  for (const e of events) if (e.ph === 'X' && e.dur && names.includes(e.name)) sum[e.name] = (sum[e.name] ?? 0) + e.dur / 1000;
  console.log(label, Object.entries(sum).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', '));
  const scripts: Record<string, number> = {};
  for (const e of events) if (e.ph === 'X' && e.dur && ['v8.compile', 'v8.compileModule', 'EvaluateScript', 'v8.evaluateModule', 'FunctionCall'].includes(e.name)) { const u = (e.args?.data as { url?: string; fileName?: string } | undefined); const url = (u?.url ?? (u as { fileName?: string })?.fileName ?? '?').split('/').pop()!; scripts[`${e.name} ${url}`] = (scripts[`${e.name} ${url}`] ?? 0) + e.dur / 1000; }
  console.log('  by script:', Object.entries(scripts).sort((a, b) => b[1] - a[1]).slice(0, 14).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(' | '));
};
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB', serviceWorkers: 'block' });
  await context.route(/tile\.openstreetmap\.org/, (r) => r.abort('internetdisconnected'));
  const page = await context.newPage();
  await page.goto(server.baseUrl + '/healthz');
  const cats = ['devtools.timeline', 'v8', 'v8.execute', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'loading', 'disabled-by-default-v8.compile'];
  await browser.startTracing(page, { path: '/tmp/trace-first.json', categories: cats });
  await page.goto(server.baseUrl + path, { waitUntil: 'networkidle' });
  await browser.stopTracing();
  await browser.startTracing(page, { path: '/tmp/trace-reload.json', categories: cats });
  await page.reload({ waitUntil: 'networkidle' });
  await browser.stopTracing();
  summarize('/tmp/trace-first.json', `first ${path}:`);
  summarize('/tmp/trace-reload.json', `reload ${path}:`);
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
