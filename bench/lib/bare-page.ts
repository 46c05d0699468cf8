import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The baseline: a tiny page with nothing to load, from a plain node:http server in this process. */
export async function startBarePage(): Promise<{ server: Server; url: string }> {
  const page = '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bare page</title><meta name="description" content="The benchmark baseline"></head><body><main><h1>Bare page</h1><p>Nothing else to load.</p></main></body></html>';
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}
