import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpRelay {
  /** The loopback port clients connect to instead of the target's. */
  port: number;
  /** Refuses new connections and cuts the open ones, like a network partition. */
  cut(): void;
  /** Takes connections again. */
  restore(): void;
  close(): Promise<void>;
}

/**
 * A loopback TCP relay to 127.0.0.1:`targetPort` that a test can cut and restore: a database
 * outage without stopping the database (which then comes back with the same data and port).
 */
export async function startTcpRelay(targetPort: number): Promise<TcpRelay> {
  const sockets = new Set<Socket>();
  let up = true;
  const server: Server = createServer((client) => {
    if (!up) return client.destroy();
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    cut() {
      up = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      up = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
