/**
 * The listing's uncached path in this process, old against new in the same run: the whole-list
 * path (read every row, present and serialize them all) against the listing built from cached
 * items (read ids and revisions, assemble rendered items), each format, CPU per call. Also the
 * size of the items' cache the new path keeps for it.
 */
import { resolveLocale } from '../../src/shared/locales';
import { createListing } from '../../src/server/georeport/listing';
import { parseRequestQuery } from '../../src/server/georeport/query-params';
import { presentServiceRequests } from '../../src/server/open311/presenter';
import { serialize, type GeoReportFormat } from '../../src/server/open311/serializers';
import type { Store } from '../../src/server/storage';
import { atLeast, atMost, type BenchResult } from '../lib/result';

const baseUrl = 'http://127.0.0.1:8080';
const timeZone = 'Europe/Helsinki';

/** CPU milliseconds per call of `work`, over `calls` calls after one unmeasured call. */
async function cpuMsPerCall(calls: number, work: () => Promise<unknown>): Promise<number> {
  await work();
  const before = process.cpuUsage();
  for (let call = 0; call < calls; call += 1) await work();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000 / calls;
}

export async function runUncachedPathBench(store: Store, group: string, calls: number): Promise<BenchResult[]> {
  const { extensions, ...query } = parseRequestQuery({ extensions: 'true' }, Date.now(), []);
  const types = await store.serviceTypes.list();
  const locale = resolveLocale(undefined);
  const listing = createListing(store, 64 * 1024 * 1024);
  const rows: BenchResult[] = [];
  for (const format of ['json', 'xml'] as GeoReportFormat[]) {
    const wholeList = async () => {
      const records = await store.serviceRequests.query(query);
      const history = await store.requestHistory.listFor(records.map((record) => record.service_request_id));
      const document = presentServiceRequests(records, types, extensions, { locale, timeZone, baseUrl, history });
      return Buffer.from(serialize(document, format).body);
    };
    const fromItems = () => listing.render({ query, extensions, format, locale, timeZone, baseUrl, types });
    const [whole, assembled] = [await wholeList(), (await fromItems()).body];
    if (!whole.equals(assembled)) throw new Error(`the ${format} listing from cached items differs from the whole-list answer`);
    const oldMs = await cpuMsPerCall(Math.ceil(calls / 5), wholeList);
    const newMs = await cpuMsPerCall(calls, fromItems);
    rows.push(
      { group, name: `${format.toUpperCase()}: whole-list path (before), CPU per listing`, value: oldMs, unit: 'ms', note: `${Math.round(whole.length / 1024)} KiB` },
      { group, name: `${format.toUpperCase()}: from cached items, CPU per listing`, value: newMs, unit: 'ms', target: atMost(1) },
      { group, name: `${format.toUpperCase()}: speed-up over the whole-list path`, value: oldMs / newMs, unit: '×', target: atLeast(3) },
    );
  }
  rows.push({
    group,
    name: 'items cache after both formats',
    value: listing.fragments.bytes / 1024,
    unit: 'KiB',
    note: `${listing.fragments.size} requests; bounded at 64 MiB per server (least recently used go first)`,
  });
  return rows;
}
