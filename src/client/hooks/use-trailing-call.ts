import { useCallback, useEffect, useRef } from 'react';

/**
 * `call` once calls have paused for `delayMs`: a run of calls makes one, after the last of them,
 * with that last call's arguments. Nothing is called after the component has gone.
 */
export function useTrailingCall<Args extends unknown[]>(call: (...args: Args) => void, delayMs: number): (...args: Args) => void {
  const latestCall = useRef(call);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    latestCall.current = call;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (...args: Args) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => latestCall.current(...args), delayMs);
    },
    [delayMs],
  );
}
