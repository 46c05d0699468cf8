import { vi } from 'vitest';

/**
 * What a page shows once its query gave up: the query client retries a failed network or server
 * request twice, one second and then two apart. A fake clock skips those waits, which the test
 * otherwise spent idle (three of its five seconds); the retries themselves still happen.
 */
export async function afterRetries<T>(start: () => unknown, shown: () => T): Promise<T> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  try {
    await start();
    return await vi.waitFor(
      async () => {
        await vi.advanceTimersByTimeAsync(1000);
        return shown();
      },
      { timeout: 3_000 },
    );
  } finally {
    vi.useRealTimers();
  }
}
