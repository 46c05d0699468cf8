import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FormField } from '../../../components/ui/form-field';
import { isApiError } from '../../../lib/http-client';
import { currentLanguage } from '../../../lib/i18n';
import type { ModerationDetail } from '../api/moderation-schema';
import { useRequestChange } from '../api/request-changes';
import { describeError, serverFieldErrors } from '../lib/describe-error';
import { translateFieldProblem } from '../lib/field-messages';
import { caseSystemNoteMaxLength, caseSystemNoteSchema, problemWith } from '../lib/text-rules';
import { useActionFeedback } from './action-feedback';
import { useConsoleSession } from './session-context';

/**
 * A moderator's note for the body's case system (issue 40, item 8), posted there once as an
 * update on the report. Shown by the forward panel only where the note can go.
 */
export function CaseSystemNoteForm({ item, body }: { item: ModerationDetail; body: string }) {
  const { t, i18n } = useTranslation('moderation');
  const { session } = useConsoleSession();
  const change = useRequestChange({ id: item.service_request_id, csrfToken: session.csrfToken, locale: currentLanguage(i18n) });
  const feedback = useActionFeedback();
  const ids = { text: useId(), count: useId() };
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();

  const showError = (message: string | undefined) => {
    setError(message);
    if (message) textRef.current?.focus();
  };

  const onSubmit = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    feedback.clear();
    // The server's rule (caseSystemNoteBody): the shared schema, and not blank.
    if (!text.trim()) return showError(t('forward.note.required'));
    const problem = problemWith(caseSystemNoteSchema, text);
    if (problem) return showError(translateFieldProblem(problem, t));
    showError(undefined);
    change.mutate(
      { kind: 'case-system-note', text },
      {
        onSuccess: () => {
          setText('');
          feedback.show(t('forward.note.sent', { body }));
        },
        onError: (failure) => showError(serverFieldErrors(failure, t).text),
      },
    );
  };

  const failedOnField = change.isError && serverFieldErrors(change.error, t).text !== undefined;
  // The server's 409 says why in English; both of its reasons, in the moderator's language.
  const failure = change.isError && isApiError(change.error) && change.error.status === 409 ? t('forward.note.conflict', { body }) : describeError(change.error, t);

  return (
    <form className="moderation-form case-system-note-form" noValidate onSubmit={onSubmit}>
      {change.isError && !failedOnField ? <ErrorNotice message={failure} /> : null}
      <FormField id={ids.text} label={t('forward.note.label', { body })} hint={t('forward.note.hint')} error={error} describedBy={[ids.count]}>
        {(control) => (
          <textarea {...control} ref={textRef} className="input textarea" rows={3} value={text} onChange={(changeEvent) => setText(changeEvent.target.value)} />
        )}
      </FormField>
      <p className="console-count" id={ids.count}>
        {t('form.characters', { length: text.length, max: caseSystemNoteMaxLength })}
      </p>
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? t('forward.note.sending') : t('forward.note.send')}
      </Button>
      {feedback.element}
    </form>
  );
}
