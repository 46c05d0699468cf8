import { ResponsesPage } from '../../features/moderation/components/responses-page';

/** `/moderation/responses`: the moderator's bodies' saved responses. */
export function ModerationResponsesRoute() {
  return <ResponsesPage />;
}
