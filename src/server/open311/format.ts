/** A GeoReport path names its format in its last segment's suffix: requests.json, services.xml. */
import type { GeoReportFormat } from './serializers';

/** Splits "requests.json" into its resource name and format; undefined format when unknown. */
export function splitFormat(fileName: string): { name: string; format: GeoReportFormat | undefined; suffix: string } {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return { name: fileName, format: undefined, suffix: '' };
  const suffix = fileName.slice(dot + 1);
  const lower = suffix.toLowerCase();
  return {
    name: fileName.slice(0, dot),
    format: lower === 'json' || lower === 'xml' ? lower : undefined,
    suffix,
  };
}

/** The format to answer errors in: the one asked for when recognisable, else JSON. */
export function formatOfUrl(url: string): GeoReportFormat {
  const path = url.split('?')[0] ?? '';
  return /\.xml$/i.test(path) ? 'xml' : 'json';
}
