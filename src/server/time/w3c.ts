/**
 * W3C datetimes, as GeoReport answers and the moderation API write them: responses carry the
 * configured zone's offset (Helsinki answers +02:00/+03:00), requests may use Z or any offset.
 */
import { dateAndClock, offsetText, wallClock, zoneOffsetSeconds } from './core';

/** e.g. 2026-11-21T06:58:27+02:00; an offset with seconds (local mean time) keeps its whole minutes. */
export function formatW3cDateTime(epochMs: number, timeZone: string): string {
  const offset = Math.trunc(zoneOffsetSeconds(epochMs, timeZone) / 60);
  return `${dateAndClock(wallClock(epochMs, offset))}${offsetText(offset)}`;
}

export { parseW3cDateTime } from '../../shared/time/w3c-datetime';
