/**
 * Answers compressed by Accept-Encoding, with strong ETags and `304 Not Modified`.
 *
 * Whole answers (a Buffer or string: the GeoReport listing and documents, counter pages, the
 * proxy's cached upstream answers) are handled by the onSend hook below. The cached answers send
 * the same Buffer each time, so their tag and compressed bytes are kept with that Buffer (a
 * WeakMap: they go when the cache drops the answer) and compression costs once per cached answer.
 * Streams (a proxied upstream answer, a built file without a precompressed copy) are compressed
 * by @fastify/compress, which leaves alone anything that already has a Content-Encoding: an
 * upstream's compressed answer passes through as it came.
 *
 * Never compressed: the moderation API. Its answers hold the CSRF token and reporters' personal
 * data next to text an attacker can get reflected (search terms, a report's description), which
 * is what BREACH needs to read a secret through the compressed length. It is low traffic.
 */
import compress from '@fastify/compress';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { paths } from '../../shared/paths';
import { chooseCoding, contentCodings, varyWith, type ContentCoding } from './accept-encoding';
import { isPathWithin } from './path-within';

/** Below this, a compressed answer saves less than its headers cost. */
const THRESHOLD = 1024;
// Whole answers are mostly cached and compressed once: brotli 5 is ~10% smaller than gzip on a
// counter page (4 is no smaller) for about twice the time. Streams, compressed on every send, use 4.
const WHOLE_ANSWER_BROTLI_QUALITY = 5;
const STREAM_BROTLI_QUALITY = 4;

const compressibleType = /^(text\/|application\/([\w.-]+\+)?(json|xml|javascript)\b|image\/svg\+xml)/i;

const isUncompressedApi = (url: string) => isPathWithin(url, [paths.moderationApi, paths.residentsApi]);

interface Representations {
  /** The body's hash: `"tag"` names the identity bytes, `"tag-br"` the brotli ones. */
  tag: string;
  encoded: Map<ContentCoding, Promise<Buffer>>;
}

const remembered = new WeakMap<Buffer, Representations>();

/**
 * For an answer whose maker already has a digest naming its bytes (the listing joins items whose
 * hashes it keeps: a hash of their hashes changes exactly when the bytes do), so the body is not
 * hashed again. The tag must be a function of the bytes alone, or a 304 could confirm other bytes.
 */
export function rememberBodyTag(body: Buffer, tag: string): void {
  if (!remembered.has(body)) remembered.set(body, { tag, encoded: new Map() });
}

function representationsOf(body: Buffer, remember: boolean): Representations {
  const known = remembered.get(body);
  if (known) return known;
  // SHA-1 names content here, it guards nothing: fast, and collisions need a deliberate attacker.
  const made = { tag: createHash('sha1').update(body).digest('base64url'), encoded: new Map() };
  if (remember) remembered.set(body, made);
  return made;
}

function encode(body: Buffer, coding: ContentCoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (coding === 'br') {
      zlib.brotliCompress(
        body,
        { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: WHOLE_ANSWER_BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } },
        done,
      );
    } else {
      zlib.gzip(body, done);
    }
  });
}

/** The body in a coding, made once per body and coding (a concurrent second asker waits for the first). */
function encodedOf(representations: Representations, body: Buffer, coding: ContentCoding): Promise<Buffer> {
  let encoded = representations.encoded.get(coding);
  if (!encoded) {
    encoded = encode(body, coding);
    representations.encoded.set(coding, encoded);
  }
  return encoded;
}

/** If-None-Match (weak comparison, RFC 9110 §13.1.2): any coding of the same body matches. */
function matchesTag(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((item) => {
    const value = item.trim().replace(/^W\//, '');
    return value === '*' || value === `"${tag}"` || contentCodings.some((coding) => value === `"${tag}-${coding}"`);
  });
}

/** The tag an answer already carries (an upstream's, passed on by the proxy), without `W/` and quotes. */
function givenTag(reply: FastifyReply): string | undefined {
  const value = reply.getHeader('etag');
  return typeof value === 'string' ? value.replace(/^W\//, '').replace(/^"|"$/g, '') : undefined;
}

const isValidatable = (request: FastifyRequest, reply: FastifyReply) =>
  reply.statusCode === 200 && (request.method === 'GET' || request.method === 'HEAD');

function notModified(reply: FastifyReply): null {
  reply.code(304).removeHeader('content-length');
  return null;
}

/**
 * A streamed upstream answer the proxy passes on keeps the upstream's tag. The proxy forwards the
 * browser's If-None-Match, so an upstream that honours it answers 304 itself; one that tags its
 * answers but ignores the header gets the same 304 here, its body never read.
 */
function passedOnStream(request: FastifyRequest, reply: FastifyReply, stream: Readable): Readable | null {
  const tag = givenTag(reply);
  const held = isValidatable(request, reply) && tag !== undefined && matchesTag(request.headers['if-none-match'], tag);
  if (!held && reply.statusCode !== 304) return stream;
  // An upstream's empty 304 is drained (its connection stays reusable); an unread body is cut off.
  stream.on('error', () => {});
  if (held) stream.destroy();
  else stream.resume();
  return notModified(reply);
}

async function encodeWholeAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (payload instanceof Readable) return passedOnStream(request, reply, payload);
  if (!(Buffer.isBuffer(payload) || typeof payload === 'string')) return payload;
  if (reply.hasHeader('content-encoding') || reply.statusCode === 206 || isUncompressedApi(request.url)) return payload;
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const representations = representationsOf(body, Buffer.isBuffer(payload));
  const compressible = body.length >= THRESHOLD && compressibleType.test(String(reply.getHeader('content-type') ?? ''));
  if (compressible) reply.header('vary', varyWith(reply.getHeader('vary'), 'Accept-Encoding'));
  const coding = compressible ? chooseCoding(request.headers['accept-encoding']) : undefined;

  if (isValidatable(request, reply)) {
    // An upstream's tag (a cached service list) is kept and honoured; any other answer gets its content hash.
    const tag = givenTag(reply) ?? representations.tag;
    if (!reply.hasHeader('etag')) reply.header('etag', `"${tag}${coding ? `-${coding}` : ''}"`);
    if (matchesTag(request.headers['if-none-match'], tag)) return notModified(reply);
  }
  if (!coding) return body;
  const encoded = await encodedOf(representations, body, coding);
  reply.header('content-encoding', coding).header('content-length', encoded.length);
  return encoded;
}

/** Registered first, before any route, so every route gets both. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (isUncompressedApi(route.url ?? route.path ?? '')) route.compress = false;
  });
  app.addHook('onSend', encodeWholeAnswer);
  await app.register(compress, {
    encodings: [...contentCodings],
    threshold: THRESHOLD,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: STREAM_BROTLI_QUALITY } },
    // Request bodies are never inflated: a small compressed upload could expand past every limit.
    globalDecompression: false,
  });
}
