import { LoginPage } from '../../features/moderation/components/login-page';
import '../../styles/moderation.css';

/** `/moderation/login`: moderator sign-in (?next= the console page to return to, ?reason= why). */
export function ModerationLoginRoute() {
  return <LoginPage />;
}
