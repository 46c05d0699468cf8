import { UpdatesPage } from '../../features/moderation/components/updates-page';

/** `/moderation/updates`: residents' updates waiting for a moderator. */
export function ModerationUpdatesRoute() {
  return <UpdatesPage />;
}
