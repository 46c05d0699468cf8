import { AuditPage } from '../../features/moderation/components/audit-page';

/** `/moderation/audit`: the audit log. */
export function ModerationAuditRoute() {
  return <AuditPage />;
}
