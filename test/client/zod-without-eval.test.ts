import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('zod without its eval probe (the CSP refuses it)', () => {
  it('sets jitless as zod itself reads it, and zod then parses objects without new Function', async () => {
    // Spied before zod loads: zod probes with `new Function('')` the first time an object is parsed.
    const RealFunction = globalThis.Function;
    const constructed = vi.fn();
    vi.stubGlobal(
      'Function',
      new Proxy(RealFunction, {
        construct(target, args) {
          constructed(...args);
          return Reflect.construct(target, args);
        },
      }),
    );

    // In this order, as in main.tsx: the setting first, zod later (with the lazily loaded pages).
    await import('../../src/client/lib/zod-without-eval');
    const { config, z } = await import('zod');

    expect(config().jitless).toBe(true);
    const schema = z.object({ id: z.string(), count: z.number().optional() });
    expect(schema.parse({ id: 'a', count: 2 })).toEqual({ id: 'a', count: 2 });
    expect(schema.safeParse({ id: 1 }).success).toBe(false);
    expect(constructed).not.toHaveBeenCalled();
  });
});
