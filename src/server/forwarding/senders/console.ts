/**
 * `"method": "console"`, the default: the body works in Kerro's own moderation console, so its
 * reports are never forwarded, and a report its reporter reopens is flagged there for its moderators.
 */
import type { z } from 'zod';
import { sendSettings, type Sender } from './sender';

const settings = sendSettings('console', {});

export const consoleSender = {
  method: 'console',
  settings,
  reopened: () => ({ told: 'console_flag' }),
  // Its moderators read residents' updates in the console already; nobody outside to tell.
  updated: () => ({ told: 'in_console' }),
} satisfies Sender<z.infer<typeof settings>>;
