// First: React Router loads a page and its layout in parallel, so each must set this up itself.
import '../../lib/zod-without-eval';
import { AuditPage } from '../../features/moderation/components/audit-page';

/** `/moderation/audit`: the audit log. */
export function ModerationAuditRoute() {
  return <AuditPage />;
}
