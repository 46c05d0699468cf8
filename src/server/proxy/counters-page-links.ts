/**
 * Re-points a counter page's next/previous links without parsing the whole page. DRF (the real
 * service) and this server write the envelope compactly, count, next and previous first, so the
 * links sit in the first few hundred bytes; the ~370 KiB of features after them pass on as the
 * upstream wrote them, as the GeoReport proxy passes its answers. Parsing and re-serialising a
 * 1,000-counter page took 2.7–5.8 ms in-process; this rewrite takes about 0.35 ms.
 */

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const JSON_STRING = String.raw`"(?:[^"\\\u0000-\u001f]|\\.)*"`;
const ENVELOPE_HEAD = new RegExp(
  String.raw`^\{\s*"count"\s*:\s*\d+\s*,\s*"next"\s*:\s*(null|${JSON_STRING})\s*,\s*"previous"\s*:\s*(null|${JSON_STRING})\s*,`,
);
/** Links of any sensible length fit; a head that does not is left to the full parse. */
const HEAD_BYTES = 16 * 1024;

const WHITESPACE = new Set([0x20, 0x0a, 0x0d, 0x09]);

function endsWithBrace(body: Buffer): boolean {
  let end = body.length - 1;
  while (end >= 0 && WHITESPACE.has(body[end]!)) end -= 1;
  return body[end] === 0x7d;
}

/**
 * The page with both links passed through `rewrite`, or undefined when the body does not start
 * with the compact envelope (then the caller parses it whole).
 */
export function rewriteEnvelopeHead(body: Buffer, rewrite: (link: string | null) => unknown): Buffer | undefined {
  const start = body.subarray(0, 3).equals(UTF8_BOM) ? 3 : 0;
  // A multi-byte character cut at the end of the window cannot be inside a match that ends before it.
  const head = body.toString('utf8', start, Math.min(body.length, start + HEAD_BYTES));
  const match = ENVELOPE_HEAD.exec(head);
  // Not a full validation (that is the parse this avoids): a page cut short goes the slow way and fails there.
  if (!match || !endsWithBrace(body)) return undefined;
  const [matched, next, previous] = match as unknown as [string, string, string];
  const link = (raw: string) => JSON.stringify(rewrite(JSON.parse(raw) as string | null));
  const countPart = matched.slice(0, matched.indexOf(','));
  const newHead = `${countPart},"next":${link(next)},"previous":${link(previous)},`;
  return Buffer.concat([Buffer.from(newHead), body.subarray(start + Buffer.byteLength(matched))]);
}
