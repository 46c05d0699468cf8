/**
 * An open-loop load generator: requests leave at a fixed rate whatever the answers take (autocannon's
 * overallRate sends each second's share in a burst, which measures queueing behind the burst).
 * Latency counts from when each request was due, not when a connection was free, so a slow
 * server is not excused by the generator waiting for it (no coordinated omission).
 */
import { Pool } from 'undici';

export interface OpenLoopFigures {
  requests: number;
  seconds: number;
  /** Milliseconds, every 2xx response (autocannon's own histogram rounds to whole ms). */
  latencies: number[];
  /** Connection errors and timeouts (autocannon counts a timeout as an error too). */
  errors: number;
  timeouts: number;
  non2xx: number;
  bytes: number;
}

/** `headers` go with every request (e.g. the Accept-Encoding browsers send); bodies are counted as they arrive, not decoded. */
export async function fireOpenLoop(
  url: string,
  rate: number,
  seconds: number,
  connections: number,
  pathFor: () => string,
  headers: Record<string, string> = {},
): Promise<OpenLoopFigures> {
  const pool = new Pool(new URL(url).origin, { connections, pipelining: 1, headersTimeout: 30_000, bodyTimeout: 30_000 });
  const figures: OpenLoopFigures = { requests: 0, seconds, latencies: [], errors: 0, timeouts: 0, non2xx: 0, bytes: 0 };
  const total = Math.round(rate * seconds);
  const answers: Promise<void>[] = [];
  const send = async (due: number) => {
    try {
      const answer = await pool.request({ method: 'GET', path: pathFor(), headers });
      for await (const chunk of answer.body) figures.bytes += (chunk as Buffer).length;
      figures.requests += 1;
      if (answer.statusCode >= 200 && answer.statusCode < 300) figures.latencies.push(performance.now() - due);
      else figures.non2xx += 1;
    } catch (error) {
      figures.errors += 1;
      if ((error as { code?: string }).code?.includes('TIMEOUT')) figures.timeouts += 1;
    }
  };
  const started = performance.now();
  await new Promise<void>((resolve) => {
    let sent = 0;
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
      for (; sent < due; sent += 1) answers.push(send(started + (sent * 1000) / rate));
      if (sent >= total) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  await Promise.all(answers);
  figures.seconds = (performance.now() - started) / 1000;
  await pool.close();
  return figures;
}
