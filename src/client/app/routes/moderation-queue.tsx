// First: React Router loads a page and its layout in parallel, so each must set this up itself.
import '../../lib/zod-without-eval';
import { QueuePage } from '../../features/moderation/components/queue-page';

/** `/moderation`: the queue; `?state=published|rejected` for the other lists. */
export function ModerationQueueRoute() {
  return <QueuePage />;
}
