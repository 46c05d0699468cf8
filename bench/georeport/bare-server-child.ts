/**
 * The baseline: a bare node:http server answering every request with the same bytes the real
 * server sent (BODY_FILE) and the same content type. Whatever the real server does beyond this
 * (routing, parsing, caching, serializing) is what the ratio measures.
 */
import '../lib/exit-with-parent';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.env.BODY_FILE ?? '');
const headers = { 'content-type': process.env.CONTENT_TYPE ?? 'application/json', 'content-length': body.length };

const server = createServer((_request, response) => {
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
