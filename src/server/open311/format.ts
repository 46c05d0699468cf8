/** A GeoReport path names its format in its last segment's suffix: requests.json, services.xml. */
import type { GeoReportFormat } from './serializers';

/** The format a path's suffix names (any case), or what to fix when it names none. */
export function readFormat(suffix: string): { format: GeoReportFormat; problem?: undefined } | { format?: undefined; problem: string } {
  const lower = suffix.toLowerCase();
  if (lower === 'json' || lower === 'xml') return { format: lower };
  return { problem: `format ${suffix || '(none)'} is not supported: end the path in .json or .xml` };
}

/** Splits "requests.json" into its resource name and format; undefined format when unknown. */
export function splitFormat(fileName: string): { name: string; format: GeoReportFormat | undefined; suffix: string } {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return { name: fileName, format: undefined, suffix: '' };
  const suffix = fileName.slice(dot + 1);
  return { name: fileName.slice(0, dot), format: readFormat(suffix).format, suffix };
}

/** The format to answer errors in: the one asked for when recognisable, else JSON. */
export function formatOfUrl(url: string): GeoReportFormat {
  const path = url.split('?')[0] ?? '';
  return /\.xml$/i.test(path) ? 'xml' : 'json';
}
