import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/request';
import { Button } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FormField } from '../../../components/ui/form-field';
import type { ModerationDetail } from '../api/moderation-schema';
import { describeError } from '../lib/describe-error';
import { internalNoteMaxLength, internalNoteSchema } from '../lib/text-rules';
import { useNoteForm } from './use-note-form';

/**
 * Internal notes (issue 41, item 5): what the body's moderators tell each other about a report,
 * oldest first, and the form to add one. Never shown to the public; the panel says so.
 */
export function InternalNotes({ item, body }: { item: ModerationDetail; body: string }) {
  const { t } = useTranslation('moderation');
  // The server's rule (internalNoteBody): the shared schema, and not blank.
  const { change, feedback, ids, textRef, text, setText, error, onSubmit, failedOnField } = useNoteForm({
    item,
    kind: 'internal-note',
    schema: internalNoteSchema,
    required: t('desk.required'),
    done: t('desk.added'),
  });
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
