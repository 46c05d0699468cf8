/**
 * Memory after a burst of large photos (issue 23): twenty reports, each with one 48 MP JPEG
 * (8000×6000, under the 10 MB file limit), posted at once through the proxy to a demo server.
 * The server's resident set (VmRSS from /proc) is sampled every 50 ms: idle before the burst (the
 * same-run baseline), its peak, and after the burst until it is back under the target or 60 s
 * have passed. `npm run bench:photo-memory`; BENCH_QUICK=1 posts five.
 */
import sharp from 'sharp';
import { Pool } from 'undici';
import { paths } from '../src/shared/paths';
import { rssBytes } from './lib/children';
import { makeTempDir, removeTempDir } from './lib/cleanup';
import { isEntryPoint, runBenches } from './lib/entry';
import { atMost, type BenchModule, type BenchResult } from './lib/result';
import { startDemoServer } from './lib/servers';
import { quick } from './lib/settings';
import { reportBody } from './proxy/report-form';

const photos = quick ? 5 : 20;
const width = 8000;
const height = 6000;
const settledTargetBytes = 400 * 1024 * 1024;
const settleCapMs = 60_000;
const sampleMs = 50;
const MB = 1024 * 1024;

/** A 48 MP gradient with fine grain: about 7.6 MB as a JPEG, decoded at full size like a camera's. */
async function largePhoto(): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let state = 7;
  for (let index = 0; index < raw.length; index += 1) {
    state = (state * 1103515245 + 12345) % 2147483648; // deterministic grain, same bytes each run
    const pixel = Math.floor(index / 3);
    raw[index] = Math.min(255, Math.floor(((pixel % width) * 200) / width + ((index % 3) * 20) + (state % 40)));
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's RSS, sampled until `stop` says so; the peak seen and the last sample. */
function sampleRss(pid: number) {
  let peak = 0;
  let last = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      last = rssBytes(pid) ?? Number.NaN;
      peak = Math.max(peak, last);
      await sleep(sampleMs);
    }
  })();
  return {
    get peak() {
      return peak;
    },
    get last() {
      return last;
    },
    stop: async () => {
      running = false;
      await done;
    },
  };
}

export async function run(): Promise<BenchResult[]> {
  const dataDir = makeTempDir('kerro-bench-photo-memory-');
  const server = await startDemoServer(dataDir, { PROXY_POSTS_PER_MINUTE: '10000' });
  const pool = new Pool(server.origin, { connections: photos });
  try {
    const photo = await largePhoto();
    const form = await reportBody([{ fileName: 'camera.jpg', data: photo }]);
    const pid = server.child.pid;
    // Idle, after start-up settled: the baseline every other figure is read against.
    await sleep(2_000);
    const idle = rssBytes(pid) ?? Number.NaN;

    const rss = sampleRss(pid);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: photos }, async () => {
        const answer = await pool.request({ method: 'POST', path: `${paths.proxyGeoreport}/requests.json`, body: form.body, headers: form.headers });
        const text = await answer.body.text();
        if (answer.statusCode !== 200) throw new Error(`a report answered ${answer.statusCode}: ${text.slice(0, 200)}`);
      }),
    );
    const burstSeconds = (performance.now() - started) / 1000;
    const answered = performance.now();
    // Settled: back under the target, or the cap reached.
    while (performance.now() - answered < settleCapMs && !(rss.last > 0 && rss.last < settledTargetBytes)) await sleep(sampleMs);
    const settleSeconds = (performance.now() - answered) / 1000;
    await rss.stop();
    const settled = rss.last;

    const group = `${answers.length} reports at once, each one ${width}×${height} JPEG (${(photo.length / MB).toFixed(1)} MB), through the proxy`;
    return [
      { group, name: 'baseline: idle server RSS', value: idle / MB, unit: 'MB' },
      { group, name: 'peak RSS during the burst', value: rss.peak / MB, unit: 'MB', note: `${(rss.peak / idle).toFixed(1)}× idle; burst answered in ${burstSeconds.toFixed(1)} s` },
      { group, name: 'RSS after settling', value: settled / MB, unit: 'MB', target: atMost(settledTargetBytes / MB), note: `${(settled / idle).toFixed(1)}× idle` },
      { group, name: 'time to settle under 400 MB (cap 60 s)', value: settleSeconds, unit: 's', target: atMost(settleCapMs / 1000 - 1) },
    ];
  } finally {
    await pool.close();
    await server.child.stop();
    removeTempDir(dataDir);
  }
}

export const photoMemoryBench: BenchModule = { title: 'Memory after a burst of 48 MP photos', run };

if (isEntryPoint(import.meta.url)) await runBenches([photoMemoryBench]);
