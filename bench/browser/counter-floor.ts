import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { percentile } from '../lib/stats';

export interface CounterFloorFigures {
  allMs: number;
  oneMs: number;
  /** Median of the per-round ratios. */
  ratio: number;
  pages: number;
}

/**
 * The floor under the counters ratio: the very bytes of the counter pages, sent by a bare
 * node:http server that does no work at all, fetched and JSON-parsed in Chromium with no app
 * code. Whatever ratio this shows is the browser's own cost of taking twice the bytes on this
 * machine; the app's ratio can only be read against it.
 */
export async function timeCounterFloor(browser: Browser, pageBodies: Buffer[], rounds: number): Promise<CounterFloorFigures> {
  const server: Server = createServer((request, response) => {
    const page = Number(new URL(request.url ?? '/', 'http://floor').searchParams.get('page') ?? '0');
    const body = pageBodies[page - 1];
    if (body === undefined) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>floor</title>');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const timeIt = (pages: number) =>
      page.evaluate(async (count) => {
        const started = performance.now();
        await Promise.all(
          Array.from({ length: count }, async (_, index) => JSON.parse(await (await fetch(`/?page=${index + 1}`)).text()) as unknown),
        );
        return performance.now() - started;
      }, pages);
    await timeIt(pageBodies.length);
    await timeIt(1);
    const all: number[] = [];
    const one: number[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      // Alternate which goes first, as the app's rounds do.
      const order = round % 2 === 0 ? (['all', 'one'] as const) : (['one', 'all'] as const);
      const figures = { all: 0, one: 0 };
      for (const kind of order) figures[kind] = await timeIt(kind === 'all' ? pageBodies.length : 1);
      all.push(figures.all);
      one.push(figures.one);
      ratios.push(figures.all / figures.one);
    }
    return { allMs: percentile(all, 50), oneMs: percentile(one, 50), ratio: percentile(ratios, 50), pages: pageBodies.length };
  } finally {
    await context.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
