/**
 * The paging links of a counter page, found in the answer's bytes without building the page:
 * decoding, parsing and re-writing a 40 KB page cost the proxy about three quarters of its own
 * time per page. The scan checks the whole document against the JSON grammar on the way, so a
 * page it accepts is one JSON.parse accepts too; anything it is unsure of returns undefined and
 * the caller takes the slow, exact path.
 */

/** Byte offsets of a top-level member's string value, quotes included. */
export interface ValueSpan {
  start: number;
  end: number;
}

export interface PageLinkScan {
  /** The document is an object with a top-level "next" or "previous" member (any value). */
  hasLinks: boolean;
  /** The last top-level "next"/"previous" member, when its value is a string (as JSON.parse keeps the last). */
  spans: { next?: ValueSpan; previous?: ValueSpan };
}

const maxDepth = 200;
const [expectValue, expectKey, afterValue] = [0, 1, 2];
const [inObject, inArray] = [1, 2];
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
/** true, false and null by their first byte. */
const literals = new Map([0x74, 0x66, 0x6e].map((first, index) => [first, Buffer.from(['true', 'false', 'null'][index]!)]));

/** Index after the string starting at `at` (its opening quote), or -1 if it is not a valid JSON string. */
function stringEnd(bytes: Buffer, at: number): number {
  const length = bytes.length;
  at += 1;
  while (at < length) {
    const c = bytes[at]!;
    if (c === 0x22) return at + 1;
    if (c < 0x20) return -1;
    if (c !== 0x5c) {
      at += 1;
      continue;
    }
    const escaped = bytes[at + 1];
    if (escaped === 0x75) {
      if (at + 5 >= length || !(isHex(bytes[at + 2]!) && isHex(bytes[at + 3]!) && isHex(bytes[at + 4]!) && isHex(bytes[at + 5]!))) return -1;
      at += 6;
    } else if (escaped === 0x22 || escaped === 0x5c || escaped === 0x2f || escaped === 0x62 || escaped === 0x66 || escaped === 0x6e || escaped === 0x72 || escaped === 0x74) {
      at += 2;
    } else {
      return -1;
    }
  }
  return -1;
}

/** Index after the number starting at `at`, or -1 if it is not a valid JSON number. */
function numberEnd(bytes: Buffer, at: number): number {
  const length = bytes.length;
  if (bytes[at] === 0x2d) at += 1;
  if (bytes[at] === 0x30) at += 1;
  else if (at < length && isDigit(bytes[at]!)) while (at < length && isDigit(bytes[at]!)) at += 1;
  else return -1;
  if (bytes[at] === 0x2e) {
    at += 1;
    if (!(at < length && isDigit(bytes[at]!))) return -1;
    while (at < length && isDigit(bytes[at]!)) at += 1;
  }
  if (bytes[at] === 0x65 || bytes[at] === 0x45) {
    at += 1;
    if (bytes[at] === 0x2b || bytes[at] === 0x2d) at += 1;
    if (!(at < length && isDigit(bytes[at]!))) return -1;
    while (at < length && isDigit(bytes[at]!)) at += 1;
  }
  return at;
}

/**
 * One pass over the bytes with an explicit stack (no recursion, no objects per value): checks
 * the JSON grammar and notes the top-level "next" and "previous" members.
 */
export function scanPageLinks(bytes: Buffer): PageLinkScan | undefined {
  const length = bytes.length;
  const stack = new Uint8Array(maxDepth);
  const scan: PageLinkScan = { hasLinks: false, spans: {} };
  let depth = 0;
  let at = 0;
  let state = expectValue;
  let memberKey: 'next' | 'previous' | undefined; // a top-level member whose value is being read
  let memberValueStart = 0;

  for (;;) {
    while (at < length && isSpace(bytes[at]!)) at += 1;
    if (state === expectValue) {
      const c = bytes[at];
      if (c === 0x7b || c === 0x5b) {
        if (depth === maxDepth) return undefined; // JSON.parse decides
        at += 1;
        while (at < length && isSpace(bytes[at]!)) at += 1;
        if (bytes[at] === (c === 0x7b ? 0x7d : 0x5d)) {
          at += 1;
          state = afterValue;
        } else {
          stack[depth++] = c === 0x7b ? inObject : inArray;
          state = c === 0x7b ? expectKey : expectValue;
        }
        continue;
      }
      if (c === 0x22) at = stringEnd(bytes, at);
      else if (c === 0x2d || (c !== undefined && isDigit(c))) at = numberEnd(bytes, at);
      else {
        const literal = c === undefined ? undefined : literals.get(c);
        if (!literal) return undefined;
        for (const byte of literal) if (bytes[at++] !== byte) return undefined;
      }
      if (at < 0) return undefined;
      state = afterValue;
    } else if (state === expectKey) {
      if (bytes[at] !== 0x22) return undefined;
      const keyStart = at;
      at = stringEnd(bytes, at);
      if (at < 0) return undefined;
      if (depth === 1) memberKey = topLevelLinkKey(bytes, keyStart, at);
      while (at < length && isSpace(bytes[at]!)) at += 1;
      if (bytes[at] !== 0x3a) return undefined;
      at += 1;
      while (at < length && isSpace(bytes[at]!)) at += 1;
      memberValueStart = at;
      state = expectValue;
    } else {
      if (depth === 1 && memberKey !== undefined && stack[0] === inObject) {
        // The value of a top-level "next"/"previous" member just ended; JSON.parse keeps the last.
        scan.hasLinks = true;
        scan.spans[memberKey] = bytes[memberValueStart] === 0x22 ? { start: memberValueStart, end: at } : undefined;
        memberKey = undefined;
      }
      if (depth === 0) return at === length ? scan : undefined;
      const c = bytes[at++];
      const container = stack[depth - 1];
      if (c === 0x2c) state = container === inObject ? expectKey : expectValue;
      else if (c === (container === inObject ? 0x7d : 0x5d)) depth -= 1;
      else return undefined;
    }
  }
}

/** "next" or "previous" when the key at these offsets is one; keys are decoded, so "\u006eext" counts too. */
function topLevelLinkKey(bytes: Buffer, keyStart: number, keyEnd: number): 'next' | 'previous' | undefined {
  if (keyEnd - keyStart > 64) return undefined;
  const key = JSON.parse(bytes.toString('utf8', keyStart, keyEnd)) as string;
  return key === 'next' || key === 'previous' ? key : undefined;
}

/**
 * The page with each link span's string replaced by `rewrite` of its value; the bytes between
 * are copied untouched.
 */
export function replaceLinks(bytes: Buffer, scan: PageLinkScan, rewrite: (link: string) => unknown): Buffer {
  const spans = [scan.spans.next, scan.spans.previous]
    .filter((span): span is ValueSpan => span !== undefined)
    .sort((a, b) => a.start - b.start);
  const pieces: Buffer[] = [];
  let copied = 0;
  for (const span of spans) {
    const link = JSON.parse(bytes.toString('utf8', span.start, span.end)) as string;
    const rewritten = rewrite(link);
    if (rewritten === link) continue;
    pieces.push(bytes.subarray(copied, span.start), Buffer.from(JSON.stringify(rewritten)));
    copied = span.end;
  }
  if (copied === 0) return bytes;
  pieces.push(bytes.subarray(copied));
  return Buffer.concat(pieces);
}
