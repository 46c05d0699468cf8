import type { Config } from '../../config';
import { createOutboxSender } from '../../notify/outbox-sender';
import { createOutboxTransport } from '../../notify/start-outbox-sender';
import type { OutboxStore } from '../../storage/repositories/types';
import type { CommandIo } from '../io';

export interface SendPass {
  sent: number;
  retried: number;
  failed: number;
}

/**
 * One pass of the email sender, as a server's does at its next poll (to SMTP_URL, else as .eml
 * files under DATA_DIR/outbox). Safe beside running servers: each message is leased to one sender.
 */
export async function sendDueNow(outbox: OutboxStore, config: Config, io: CommandIo): Promise<SendPass> {
  // Failures only, by outbox id and code, as the server logs them: never an address.
  const say = (object: object, message: string) => io.err(`${message} ${JSON.stringify(object)}`);
  const sender = createOutboxSender({ store: outbox, transport: createOutboxTransport(config), log: { info: () => {}, warn: say, error: say } });
  try {
    return await sender.runOnce();
  } finally {
    await sender.stop();
  }
}
