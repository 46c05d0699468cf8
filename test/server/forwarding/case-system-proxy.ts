import { once } from 'node:events';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxyOptions {
  /** Passes the first POST on, lets the case system answer it whole, then cuts the client's connection: an answer lost on the way back. */
  dropFirstAnswer?: boolean;
  /** Leaves out the Idempotency-Key header, as in front of a case system that does not honour it. */
  stripIdempotencyKey?: boolean;
  /** Answers this many first POSTs with a 503 itself, passing nothing on (a case system down for a moment). */
  unavailableFirstPosts?: number;
  port?: number;
}

/**
 * A real HTTP proxy on loopback in front of a case system (`target`: its origin), counting the
 * POSTs it gets, keeping each one's form as sent, and keeping each GET's URL.
 */
export async function startCaseSystemProxy(target: string, options: ProxyOptions = {}) {
  const upstream = new URL(target);
  let posts = 0;
  const gets: URL[] = [];
  const forms: Promise<FormData>[] = [];
  let dropped = false;
  const server = createServer((incoming, outgoing) => {
    const headers: IncomingHttpHeaders = { ...incoming.headers, host: upstream.host };
    if (options.stripIdempotencyKey) delete headers['idempotency-key'];
    const isPost = incoming.method === 'POST';
    if (isPost) {
      posts += 1;
      forms.push(formOf(incoming));
    }
    if (incoming.method === 'GET') gets.push(new URL(incoming.url ?? '/', upstream));
    if (isPost && posts <= (options.unavailableFirstPosts ?? 0)) {
      incoming.on('end', () => outgoing.writeHead(503, { 'content-type': 'text/plain' }).end('down for maintenance'));
      return;
    }
    const drop = isPost && options.dropFirstAnswer && !dropped;
    if (drop) dropped = true;
    const forwarded = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers },
      (answer) => {
        if (drop) {
          answer.resume();
          answer.on('end', () => incoming.socket.destroy());
          return;
        }
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get posts() {
      return posts;
    },
    /** Every GET passed on, in order: path and query (searchParams) as sent. */
    gets,
    /** Every POST's form as it came, in order. */
    forms: () => Promise.all(forms),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** A request's body read as a form (multipart or urlencoded), beside whoever else reads the stream. */
function formOf(incoming: IncomingMessage): Promise<FormData> {
  const chunks: Buffer[] = [];
  incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    incoming.on('end', () => {
      const headers = { 'content-type': incoming.headers['content-type'] ?? '' };
      new Request('http://case-system.test/', { method: 'POST', headers, body: Buffer.concat(chunks) }).formData().then(resolve, reject);
    });
  });
}

/** A server on loopback that hands each request to `answer`; it counts them. */
async function startCountingServer(answer: (incoming: IncomingMessage, outgoing: ServerResponse) => void) {
  let requests = 0;
  const server = createServer((incoming, outgoing) => {
    requests += 1;
    answer(incoming, outgoing);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** A server on loopback that answers every request, once its body is read, with the same head and body; it counts them. */
const startSameAnswer = (status: number, headers: Record<string, string>, body = '') =>
  startCountingServer((incoming, outgoing) => {
    incoming.resume();
    incoming.on('end', () => outgoing.writeHead(status, headers).end(body));
  });

/** A server that answers every request with the same status and body (a misconfigured case system); `headers` adds to its head. */
export const startFixedAnswer = (status: number, contentType: string, body: string, headers: Record<string, string> = {}) =>
  startSameAnswer(status, { 'content-type': contentType, ...headers }, body);

export interface RecordedPost {
  /** Path and query as sent. */
  url: string;
  form: FormData;
}

/** A case system on loopback that takes every POST (answering the id R-n) and keeps what was sent, as a form, to look at. */
export async function startRecordingCaseSystem() {
  const posts: RecordedPost[] = [];
  const server = await startCountingServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const headers = { 'content-type': incoming.headers['content-type'] ?? '' };
      void new Request('http://case-system.test/', { method: 'POST', headers, body: Buffer.concat(chunks) }).formData().then((form) => {
        posts.push({ url: incoming.url ?? '', form });
        outgoing.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ service_request_id: `R-${posts.length}` }]));
      });
    });
  });
  return { url: server.url, posts, close: server.close };
}

/** A server that answers every request with a 302 to `location` (a case system pointing Kerro elsewhere). */
export const startRedirect = (location: string) => startSameAnswer(302, { location });

/** A server on loopback that reads every request and never answers it (a hung case system); it counts them. */
export const startSilent = () => startCountingServer((incoming) => incoming.resume());
