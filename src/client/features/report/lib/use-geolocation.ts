import { useCallback, useRef, useState } from 'react';
import type { LatLong } from './place';

export type GeolocationState =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'found'; accuracy: number }
  | { status: 'denied' | 'unavailable' | 'unsupported' };

/** The browser's position on request, with every way it can fail told apart. */
export function useGeolocation(onFound: (point: LatLong) => void) {
  const [state, setState] = useState<GeolocationState>({ status: 'idle' });
  const onFoundRef = useRef(onFound);
  onFoundRef.current = onFound;

  const locate = useCallback(() => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setState({ status: 'unsupported' });
      return;
    }
    setState({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setState({ status: 'found', accuracy: position.coords.accuracy });
        onFoundRef.current({ lat: position.coords.latitude, long: position.coords.longitude });
      },
      (error) => setState({ status: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable' }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }, []);

  /** Forgets a found position's message (the pin has moved elsewhere); failures stay said. */
  const forgetFound = useCallback(() => setState((current) => (current.status === 'found' ? { status: 'idle' } : current)), []);

  return { state, locate, forgetFound };
}
