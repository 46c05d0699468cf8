import { EventEmitter, once } from 'node:events';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives; `rejectRecipients` answers RCPT with 550. */
export async function startSmtpServer(port = 0, options: { rejectRecipients?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  const arrivals = new EventEmitter();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipients) {
        const error = new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`) as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        arrivals.emit('mail');
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  return {
    port: boundPort,
    url: `smtp://127.0.0.1:${boundPort}`,
    received,
    /** The first mail received that `matches`, at once if it is here, else as it arrives. */
    async mailWhere(matches: (mail: ReceivedMail) => boolean, timeoutMs = 15_000): Promise<ReceivedMail> {
      const signal = AbortSignal.timeout(timeoutMs);
      for (;;) {
        const found = received.find(matches);
        if (found) return found;
        await once(arrivals, 'mail', { signal }).catch(() => {
          throw new Error(`no matching mail within ${timeoutMs} ms; ${received.length} received`);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
