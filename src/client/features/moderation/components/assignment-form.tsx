import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FormField } from '../../../components/ui/form-field';
import { currentLanguage } from '../../../lib/i18n';
import type { ModerationDetail } from '../api/moderation-schema';
import { useRequestChange } from '../api/request-changes';
import { describeError, serverFieldErrors } from '../lib/describe-error';
import { useActionFeedback } from './action-feedback';
import { useConsoleSession } from './session-context';

/** The select's value for "nobody": no moderator's name is empty. */
const nobody = '';

/**
 * "Assigned to" (issue 41, item 5): the moderators who may handle the report (the server's
 * `assignable`, its body's), the signed-in moderator first as "Me", then nobody and the others.
 */
export function AssignmentForm({ item, body }: { item: ModerationDetail; body: string }) {
  const { t, i18n } = useTranslation('moderation');
  const { session } = useConsoleSession();
  const change = useRequestChange({ id: item.service_request_id, csrfToken: session.csrfToken, locale: currentLanguage(i18n) });
  const feedback = useActionFeedback();
  const selectId = useId();
  const current = item.assignee?.name ?? nobody;
  const [chosen, setChosen] = useState(current);
  // When the assignee changes under the form (this save, or a colleague's seen on reload), the
  // select follows it; remounting instead would drop the live region's message.
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setChosen(current);
  }

  const others = item.assignable.filter((name) => name !== session.name);
  // An assignee who since lost the body stays shown, so the select never claims a different one.
  const stale = current !== nobody && current !== session.name && !others.includes(current) ? [current] : [];
  const mayBeMine = item.assignable.includes(session.name) || current === session.name;

  const onSubmit = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    feedback.clear();
    if (chosen === current) return feedback.show(t('desk.unchanged'));
    const moderator = chosen === nobody ? null : chosen;
    change.mutate(
      { kind: 'assign', moderator },
      {
        onSuccess: () =>
          feedback.show(moderator === null ? t('desk.unassigned') : moderator === session.name ? t('desk.assignedToMe') : t('desk.assigned', { name: moderator })),
      },
    );
  };

  const fieldError = change.isError ? serverFieldErrors(change.error, t).moderator : undefined;
  return (
    <form className="moderation-form assignment-form" noValidate onSubmit={onSubmit}>
      {change.isError && fieldError === undefined ? <ErrorNotice message={describeError(change.error, t)} /> : null}
      <FormField id={selectId} label={t('desk.assigneeLabel')} hint={t('desk.assigneeHint', { body })} error={fieldError}>
        {(control) => (
          <select {...control} className="input" value={chosen} onChange={(changeEvent) => setChosen(changeEvent.target.value)}>
            {mayBeMine ? <option value={session.name}>{t('desk.me', { name: session.name })}</option> : null}
            <option value={nobody}>{t('desk.nobody')}</option>
            {[...stale, ...others].map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {item.assignee ? <p className="review-panel__hint">{t('desk.assignedBy', { by: item.assignee.assigned_by })}</p> : null}
      <Button type="submit" variant="secondary" disabled={change.isPending}>
        {change.isPending ? t('desk.saving') : t('desk.save')}
      </Button>
      {feedback.element}
    </form>
  );
}
