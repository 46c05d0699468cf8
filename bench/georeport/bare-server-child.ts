/**
 * The baseline: a bare node:http server answering every request with the same bytes the real
 * server sent (BODY_FILE) and the same content type. With ENCODED_FILE and CONTENT_ENCODING, a
 * request whose Accept-Encoding names that coding gets the real server's compressed bytes
 * instead, as the real server sends its cached compressed answer. Whatever the real server does
 * beyond this (routing, parsing, caching, serializing, compressing) is what the ratio measures.
 */
import '../lib/exit-with-parent';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.env.BODY_FILE ?? '');
const contentType = process.env.CONTENT_TYPE ?? 'application/json';
const headers = { 'content-type': contentType, 'content-length': body.length };
const coding = process.env.CONTENT_ENCODING;
const encoded = coding ? readFileSync(process.env.ENCODED_FILE ?? '') : undefined;
const encodedHeaders = { 'content-type': contentType, 'content-length': encoded?.length, 'content-encoding': coding, vary: 'Accept-Encoding' };

const server = createServer((request, response) => {
  if (encoded && coding && request.headers['accept-encoding']?.includes(coding)) {
    response.writeHead(200, encodedHeaders);
    response.end(encoded);
    return;
  }
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
});
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
