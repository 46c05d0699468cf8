import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTrailingCall } from '../../../src/client/hooks/use-trailing-call';

describe('useTrailingCall: the map view goes into the URL once the map has come to rest', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('makes one call for a run of calls, after the pause, with the last arguments', () => {
    const call = vi.fn();
    const { result } = renderHook(() => useTrailingCall(call, 300));
    act(() => {
      result.current('first');
      vi.advanceTimersByTime(200);
      result.current('second');
      vi.advanceTimersByTime(200);
      result.current('third');
    });
    expect(call).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(300));
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith('third');
  });

  it('calls the latest function given, and keeps the same trigger across renders', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(({ call }) => useTrailingCall(call, 300), { initialProps: { call: first } });
    const trigger = result.current;
    act(() => trigger());
    rerender({ call: second });
    expect(result.current).toBe(trigger);
    act(() => vi.advanceTimersByTime(300));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('calls nothing once the component has gone', () => {
    const call = vi.fn();
    const { result, unmount } = renderHook(() => useTrailingCall(call, 300));
    act(() => result.current());
    unmount();
    vi.advanceTimersByTime(1000);
    expect(call).not.toHaveBeenCalled();
  });
});
