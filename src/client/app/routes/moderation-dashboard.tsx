import { DashboardPage } from '../../features/moderation/components/dashboard-page';

/** `/moderation/dashboard`: figures and downloads of the moderator's bodies' reports. */
export function ModerationDashboardRoute() {
  return <DashboardPage />;
}
