/**
 * An answer joined from cached pieces (a listing's items, a counter page's features): one
 * allocation, each piece copied once, and the strong ETag a hash of the pieces' hashes, so an
 * uncached page is not hashed byte by byte again (compression.ts takes the remembered tag).
 */
import { createHash } from 'node:crypto';
import { rememberBodyTag } from './compression';

/** A rendered piece: its bytes and their SHA-1, made once when the piece is cached. */
export interface Piece {
  body: Buffer;
  digest: Buffer;
}

export const pieceOf = (body: Buffer): Piece => ({ body, digest: createHash('sha1').update(body).digest() });

/** open, the pieces (those still there) separated, close; its tag names exactly these bytes. */
export function joinedAnswer(open: string, pieces: readonly (Piece | undefined)[], separator: string, close: string): Buffer {
  const openBytes = Buffer.from(open);
  const separatorBytes = Buffer.from(separator);
  const closeBytes = Buffer.from(close);
  const present = pieces.filter((piece): piece is Piece => piece !== undefined);
  let length = openBytes.length + closeBytes.length + separatorBytes.length * Math.max(0, present.length - 1);
  for (const piece of present) length += piece.body.length;
  const body = Buffer.allocUnsafe(length);
  let at = openBytes.copy(body, 0);
  present.forEach((piece, index) => {
    if (index > 0) at += separatorBytes.copy(body, at);
    at += piece.body.copy(body, at);
  });
  closeBytes.copy(body, at);
  // The digests in one buffer and one update: a call into the hash per piece cost more than hashing.
  const digests = Buffer.concat(present.map((piece) => piece.digest));
  const tag = createHash('sha1').update(openBytes).update('\0').update(separatorBytes).update('\0').update(closeBytes).update('\0').update(digests);
  rememberBodyTag(body, tag.digest('base64url'));
  return body;
}
