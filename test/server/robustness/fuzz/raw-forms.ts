import fc from 'fast-check';

/**
 * Hostile text into bytes on the wire: percent-encoding that survives lone surrogates (as the
 * invalid UTF-8 a broken client would send), urlencoded and multipart bodies built by hand so
 * they can carry invalid bytes, lying headers, and be cut short or padded.
 */

/** Like encodeURIComponent, but a lone surrogate becomes the 3 bytes of its invalid UTF-8 form. */
export function percentEncode(text: string): string {
  let out = '';
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16).toUpperCase()}%${(0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    } else {
      out += encodeURIComponent(character);
    }
  }
  return out;
}

export type RawPairs = [string, string][];

/** Broken escapes that a percent-decoder must survive, spliced into some query strings. */
export const brokenEscapes = fc.constantFrom('%', '%G0', '%E0%A4%A', '%C0%80', '%FF%FE', '%ED%A0%80', '%00', '%%25', '=&=&', '&&&', '==');

export function queryString(pairs: RawPairs, junk?: string): string {
  const encoded = pairs.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`);
  if (junk !== undefined) encoded.push(junk);
  return encoded.join('&');
}

export function urlencodedBody(pairs: RawPairs, junk?: string): { payload: Buffer; headers: Record<string, string> } {
  return { payload: Buffer.from(queryString(pairs, junk), 'latin1'), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

export interface MultipartFile {
  field: string;
  fileName: string;
  contentType: string;
  data: Buffer;
}

/** Text as UTF-8, but lone surrogates as their raw (invalid) bytes rather than U+FFFD. */
export function rawUtf8(text: string): Buffer {
  const chunks: Buffer[] = [];
  for (const character of text) {
    const code = character.codePointAt(0)!;
    chunks.push(
      code >= 0xd800 && code <= 0xdfff
        ? Buffer.from([0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)])
        : Buffer.from(character, 'utf8'),
    );
  }
  return Buffer.concat(chunks);
}

export function multipartBody(fields: RawPairs, files: MultipartFile[], boundary = 'kerroFuzzBoundary7MA4YWxkTrZu0gW'): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"\r\n\r\n`, 'utf8'));
    parts.push(rawUtf8(value), Buffer.from('\r\n'));
  }
  for (const file of files) {
    const fileName = file.fileName.replace(/["\r\n]/g, '_');
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${fileName}"\r\nContent-Type: ${file.contentType.replace(/[\r\n]/g, '')}\r\n\r\n`,
        'utf8',
      ),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

export type BodyDamage = { kind: 'none' } | { kind: 'truncate'; at: number } | { kind: 'append'; bytes: Buffer } | { kind: 'wrong-boundary' } | { kind: 'no-boundary' };

export const bodyDamage: fc.Arbitrary<BodyDamage> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 3, arbitrary: fc.double({ min: 0, max: 1, noNaN: true }).map((at) => ({ kind: 'truncate' as const, at })) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ kind: 'append' as const, bytes: Buffer.from(bytes) })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'wrong-boundary' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'no-boundary' as const }) },
);

/** The multipart request as sent: its body, possibly damaged, and a Content-Type to match (or not). */
export function damagedMultipart(body: Buffer, damage: BodyDamage, boundary = 'kerroFuzzBoundary7MA4YWxkTrZu0gW') {
  const contentType = `multipart/form-data; boundary=${boundary}`;
  switch (damage.kind) {
    case 'none':
      return { payload: body, headers: { 'content-type': contentType } };
    case 'truncate':
      return { payload: body.subarray(0, Math.floor(body.length * damage.at)), headers: { 'content-type': contentType } };
    case 'append':
      return { payload: Buffer.concat([body, damage.bytes]), headers: { 'content-type': contentType } };
    case 'wrong-boundary':
      return { payload: body, headers: { 'content-type': 'multipart/form-data; boundary=someOtherBoundary' } };
    case 'no-boundary':
      return { payload: body, headers: { 'content-type': 'multipart/form-data' } };
  }
}
