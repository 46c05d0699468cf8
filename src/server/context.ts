import type { Config } from './config';
import type { MailLinks } from './notify/mail-links';
import type { Repositories } from './storage/repositories/types';

/** What every route plugin needs, built once per app instance. */
export interface AppContext {
  config: Config;
  repositories: Repositories;
  /** Epoch milliseconds; tests pass a fixed clock. */
  now: () => number;
  /** Links in emails, signed; from PUBLIC_BASE_URL, never a caller's Host. */
  mailLinks: MailLinks;
}
