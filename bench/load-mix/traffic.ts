import { paths } from '../../src/shared/paths';
import type { LoadRequest } from '../lib/load-child';

/**
 * The mixed traffic of the load bench, as the web app sends it through the proxy: request
 * listings (a few filters), single requests by id, counter pages, and new reports (urlencoded).
 */
export const kindWeights = { listing: 35, single: 30, counters: 30, submit: 5 } as const;
export type TrafficKind = keyof typeof kindWeights;

export interface KnownData {
  /** Published request ids, read from the listing before the load starts. */
  requestIds: string[];
  serviceCodes: string[];
  counterPages: number;
}

const listingPath = `${paths.proxyGeoreport}/requests.json?extensions=true`;
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

export function listingVariants(data: KnownData, now: number): string[] {
  const monthAgo = new Date(now - 30 * 24 * 3_600_000).toISOString();
  return [
    listingPath,
    `${listingPath}&status=open`,
    `${listingPath}&status=closed`,
    `${listingPath}&service_code=${encodeURIComponent(data.serviceCodes[0]!)}`,
    `${listingPath}&service_code=${data.serviceCodes.slice(0, 3).map(encodeURIComponent).join(',')}&status=open`,
    `${listingPath}&lat=60.1699&long=24.9384&radius=2000`,
    `${listingPath}&start_date=${encodeURIComponent(monthAgo)}`,
  ];
}

/** A valid report (the shared schema's rules: a known service code, 10+ characters, a place). */
export function submissionBody(index: number, serviceCode: string): string {
  return new URLSearchParams({
    service_code: serviceCode,
    title: `Load test report ${index + 1}`,
    description: `Load test: broken street light number ${index + 1} near the crossing, reported by the benchmark.`,
    lat: (60.1699 + index * 0.001).toFixed(6),
    long: (24.9384 + index * 0.001).toFixed(6),
    email: `bench${index + 1}@example.org`,
    first_name: 'Bench',
  }).toString();
}

/** Every variant of every kind, weighted so each kind gets its share of the traffic. */
export function trafficMix(data: KnownData, now: number, kinds: readonly TrafficKind[] = ['listing', 'single', 'counters', 'submit']): LoadRequest[] {
  const variants: Record<TrafficKind, Omit<LoadRequest, 'kind' | 'weight'>[]> = {
    listing: listingVariants(data, now).map((path) => ({ path })),
    single: data.requestIds.map((id) => ({ path: `${paths.proxyGeoreport}/requests/${encodeURIComponent(id)}.json` })),
    counters: Array.from({ length: data.counterPages }, (_, index) => ({ path: `${paths.proxyCounters}/?page=${index + 1}` })),
    submit: data.serviceCodes.slice(0, 5).map((code, index) => ({
      method: 'POST' as const,
      path: `${paths.proxyGeoreport}/requests.json`,
      headers: formHeaders,
      body: submissionBody(index, code),
    })),
  };
  return kinds.flatMap((kind) =>
    variants[kind].map((variant) => ({ ...variant, kind, weight: kindWeights[kind] / variants[kind].length })),
  );
}
