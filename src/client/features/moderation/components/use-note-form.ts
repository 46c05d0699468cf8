import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import type { ModerationDetail } from '../api/moderation-schema';
import { useRequestChange } from '../api/request-changes';
import { serverFieldErrors } from '../lib/describe-error';
import { translateFieldProblem } from '../lib/field-messages';
import { problemWith } from '../lib/text-rules';
import { useActionFeedback } from './action-feedback';
import { useConsoleSession } from './session-context';

interface NoteFormOptions {
  item: ModerationDetail;
  /** The note's kind of change: posted as `{ kind, text }`. */
  kind: 'internal-note' | 'case-system-note';
  /** The shared schema the server holds the text to (its length, plain text). */
  schema: Parameters<typeof problemWith>[0];
  /** What to say for a blank note, and once it was taken. */
  required: string;
  done: string;
}

/**
 * A console form of one note on a report (an internal note, a note for the case system): its
 * text, the server's rules checked before sending (not blank, the shared schema), the field's
 * error with the focus moved to it, and the live-region message once the change is made.
 */
export function useNoteForm({ item, kind, schema, required, done }: NoteFormOptions) {
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
    if (!text.trim()) return showError(required);
    const problem = problemWith(schema, text);
    if (problem) return showError(translateFieldProblem(problem, t));
    showError(undefined);
    change.mutate(
      { kind, text },
      {
        onSuccess: () => {
          setText('');
          feedback.show(done);
        },
        onError: (failure) => showError(serverFieldErrors(failure, t).text),
      },
    );
  };

  const failedOnField = change.isError && serverFieldErrors(change.error, t).text !== undefined;
  return { change, feedback, ids, textRef, text, setText, error, onSubmit, failedOnField };
}
