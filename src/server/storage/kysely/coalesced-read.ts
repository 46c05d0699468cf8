/**
 * Concurrent reads of one value share queries, without ever answering a caller with a read that
 * began before it asked: a caller arriving while a read runs waits for the next one, which starts
 * when that read ends and serves everyone who arrived meanwhile. So a change token read this way
 * is as fresh as one read alone, while a busy listing sends at most one token query at a time.
 */
export function coalescedRead<Value>(read: () => Promise<Value>): () => Promise<Value> {
  let running: Promise<Value> | undefined;
  let next: Promise<Value> | undefined;
  const start = (): Promise<Value> => {
    running = read().finally(() => {
      running = undefined;
    });
    return running;
  };
  return () => {
    if (!running && !next) return start();
    next ??= (running ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
}
