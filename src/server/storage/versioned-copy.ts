/**
 * A copy of what the store holds (every body, the geocoder's index, the bodies by jurisdiction),
 * kept while the version it was read at stands. The caller reads the version, a token that
 * triggers move on every write by any process or instance, and asks for the copy at it: the one
 * held when it was read at that version, else a load. So a write anywhere is seen at the next ask,
 * and an unchanged store costs the caller's one version read.
 *
 * Callers asking at the same version while a load runs share it. A copy is labelled with the
 * version read before its load, so a write during the load costs one more load later, never a
 * stale answer. A failed load is not kept: its callers see the error and the next ask loads again.
 * A load that finishes after one started later does not replace the later one's copy.
 */
export interface VersionedCopy<Copy> {
  /** The copy as of `version`: the one held if it was read at that version, else `load`'s (once, however many ask meanwhile). */
  at(version: string, load: () => Promise<Copy>): Promise<Copy>;
  /** The copy held now, without reading the version: it may be older than the store. */
  readonly held: Copy | undefined;
}

export function createVersionedCopy<Copy>(): VersionedCopy<Copy> {
  let held: { version: string; copy: Copy; started: number } | undefined;
  let loading: { version: string; promise: Promise<Copy> } | undefined;
  let loadsStarted = 0;

  return {
    get held() {
      return held?.copy;
    },
    async at(version, load) {
      if (held?.version === version) return held.copy;
      if (loading?.version === version) return loading.promise;
      const started = ++loadsStarted;
      const promise = load().then((copy) => {
        if (!held || held.started < started) held = { version, copy, started };
        return copy;
      });
      const entry = { version, promise };
      loading = entry;
      const done = () => {
        if (loading === entry) loading = undefined;
      };
      // Handles the failure here too, so the clean-up is not an unhandled rejection; callers still see it.
      promise.then(done, done);
      return promise;
    },
  };
}
