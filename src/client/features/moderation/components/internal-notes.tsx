import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/request';
import { Button } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FormField } from '../../../components/ui/form-field';
import { currentLanguage } from '../../../lib/i18n';
import type { ModerationDetail } from '../api/moderation-schema';
import { useRequestChange } from '../api/request-changes';
import { describeError, serverFieldErrors } from '../lib/describe-error';
import { translateFieldProblem } from '../lib/field-messages';
import { internalNoteMaxLength, internalNoteSchema, problemWith } from '../lib/text-rules';
import { useActionFeedback } from './action-feedback';
import { useConsoleSession } from './session-context';

/**
 * Internal notes (issue 41, item 5): what the body's moderators tell each other about a report,
 * oldest first, and the form to add one. Never shown to the public; the panel says so.
 */
export function InternalNotes({ item, body }: { item: ModerationDetail; body: string }) {
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
    // The server's rule (internalNoteBody): the shared schema, and not blank.
    if (!text.trim()) return showError(t('desk.required'));
    const problem = problemWith(internalNoteSchema, text);
    if (problem) return showError(translateFieldProblem(problem, t));
    showError(undefined);
    change.mutate(
      { kind: 'internal-note', text },
      {
        onSuccess: () => {
          setText('');
          feedback.show(t('desk.added'));
        },
        onError: (failure) => showError(serverFieldErrors(failure, t).text),
      },
    );
  };

  const failedOnField = change.isError && serverFieldErrors(change.error, t).text !== undefined;
  return (
    <div className="internal-notes">
      <p className="review-panel__hint">{t('desk.notesHint', { body })}</p>
      {item.internal_notes.length === 0 ? (
        <p>{t('desk.noNotes')}</p>
      ) : (
        <ol className="internal-notes__list">
          {item.internal_notes.map((note) => (
            <li key={note.id} className="internal-notes__note">
              <p className="internal-notes__meta">
                <span className="internal-notes__author">{note.author}</span> <DateTime value={note.created_at} />
              </p>
              <p className="internal-notes__text">{note.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form className="moderation-form internal-note-form" noValidate onSubmit={onSubmit}>
        {change.isError && !failedOnField ? <ErrorNotice message={describeError(change.error, t)} /> : null}
        <FormField id={ids.text} label={t('desk.noteLabel')} error={error} describedBy={[ids.count]}>
          {(control) => <textarea {...control} ref={textRef} className="input textarea" rows={3} value={text} onChange={(changeEvent) => setText(changeEvent.target.value)} />}
        </FormField>
        <p className="console-count" id={ids.count}>
          {t('form.characters', { length: text.length, max: internalNoteMaxLength })}
        </p>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? t('desk.adding') : t('desk.add')}
        </Button>
        {feedback.element}
      </form>
    </div>
  );
}
