/** Shared change-token reads on PostgreSQL: fresh for every caller, one query at a time. */
import { describe, expect, it } from 'vitest';
import { coalescedRead } from '../../../src/server/storage/kysely/coalesced-read';

/** A read of a counter that callers can bump; each read takes a few milliseconds, like a query. */
function slowCounter() {
  let value = 0;
  let reads = 0;
  const read = async () => {
    reads += 1;
    const seen = value;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return seen;
  };
  return { read, bump: () => (value += 1), reads: () => reads };
}

describe('coalescedRead', () => {
  it('never answers a caller with a read that began before it asked', async () => {
    const counter = slowCounter();
    const read = coalescedRead(counter.read);
    const early = read();
    counter.bump();
    // Asked after the bump while the first read runs: must wait for a read that starts later.
    const late = read();
    expect(await early).toBe(0);
    expect(await late).toBe(1);
  });

  it('shares one read among everyone who asked while another ran', async () => {
    const counter = slowCounter();
    const read = coalescedRead(counter.read);
    const first = read();
    const waiting = Array.from({ length: 10 }, () => read());
    await Promise.all([first, ...waiting]);
    expect(counter.reads()).toBe(2);
  });

  it('a failed read fails only its callers; the next read runs', async () => {
    let fail = true;
    const read = coalescedRead(async () => {
      const failing = fail;
      await new Promise((resolve) => setTimeout(resolve, 2));
      if (failing) throw new Error('connection lost');
      return 'ok';
    });
    const failing = read();
    const next = read();
    fail = false;
    await expect(failing).rejects.toThrow('connection lost');
    await expect(next).resolves.toBe('ok');
  });
});
