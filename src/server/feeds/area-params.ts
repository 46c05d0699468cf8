/** The area feed's query: a point and a radius, every problem with them told at once. */
import { defaultFeedRadiusMeters, maxFeedRadiusMeters } from '../../shared/feeds';
import { textParam, type RawQuery } from '../http/query-params';

export interface FeedArea {
  lat: number;
  long: number;
  radius: number;
}

const decimal = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/** The area asked for, or the problems to fix (each a sentence naming the parameter). */
export function parseFeedArea(query: RawQuery): { area: FeedArea } | { problems: string[] } {
  const problems: string[] = [];
  const number = (name: string, min: number, max: number, what: string, fallback?: number) => {
    const text = textParam(query, name);
    if (text === undefined) {
      if (fallback === undefined) problems.push(`${name} is required: ${what}`);
      return fallback;
    }
    const value = Number(text);
    if (!decimal.test(text) || value < min || value > max) {
      problems.push(`${name} must be ${what}; got ${JSON.stringify(text.slice(0, 40))}`);
      return undefined;
    }
    return value;
  };
  const lat = number('lat', -90, 90, 'a decimal number from -90 to 90 (WGS 84 degrees)');
  const long = number('long', -180, 180, 'a decimal number from -180 to 180 (WGS 84 degrees)');
  const radius = number('radius', 1, maxFeedRadiusMeters, `metres from 1 to ${maxFeedRadiusMeters}`, defaultFeedRadiusMeters);
  if (problems.length > 0 || lat === undefined || long === undefined || radius === undefined) return { problems };
  return { area: { lat, long, radius } };
}
