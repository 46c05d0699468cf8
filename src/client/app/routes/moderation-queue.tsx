import { QueuePage } from '../../features/moderation/components/queue-page';

/** `/moderation`: the queue; `?state=published|rejected` for the other lists; `?flag=` keeps those needing that attention. */
export function ModerationQueueRoute() {
  return <QueuePage />;
}
