// First: React Router loads a page and its layout in parallel, so each must set this up itself.
import '../../lib/zod-without-eval';
import { LoginPage } from '../../features/moderation/components/login-page';
import '../../styles/moderation.css';

/** `/moderation/login`: moderator sign-in (?next= the console page to return to, ?reason= why). */
export function ModerationLoginRoute() {
  return <LoginPage />;
}
