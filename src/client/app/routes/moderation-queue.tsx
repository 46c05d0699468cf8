import { QueuePage } from '../../features/moderation/components/queue-page';

/** `/moderation`: the queue; `?state=published|rejected` for the other lists. */
export function ModerationQueueRoute() {
  return <QueuePage />;
}
