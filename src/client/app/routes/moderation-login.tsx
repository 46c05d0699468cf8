import { LoginPage } from '../../features/moderation/components/login-page';
import { moderationTexts } from '../../features/moderation/texts';
import { useLazyNamespace } from '../../lib/lazy-namespace';
import '../../styles/moderation.css';

/** `/moderation/login`: moderator sign-in (?next= the console page to return to, ?reason= why). */
export function ModerationLoginRoute() {
  useLazyNamespace('moderation', moderationTexts);
  return <LoginPage />;
}
