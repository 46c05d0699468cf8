import type { Config } from './config';
import type { AppMetrics } from './http/metrics';
import type { UploadBudget } from './http/upload-budget';
import type { DecodeBudget } from './media/decode-budget';
import type { MailLinks } from './notify/mail-links';
import type { Repositories } from './storage/repositories/types';

/** What every route plugin needs, built once per app instance. */
export interface AppContext {
  config: Config;
  repositories: Repositories;
  /** Epoch milliseconds; tests pass a fixed clock. */
  now: () => number;
  /** Upload bytes in flight over the whole process (the service and the proxy together). */
  uploads: UploadBudget;
  /** Photo pixels decoding at once over the whole process: bounds the memory a burst of photos takes. */
  decoding: DecodeBudget;
  /** Links in emails, signed; from PUBLIC_BASE_URL, never a caller's Host. */
  mailLinks: MailLinks;
  /** The figures GET /metrics shows (upstream calls, cache hits); this app's own registry. */
  metrics: AppMetrics;
}
