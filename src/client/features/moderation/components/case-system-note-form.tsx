import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FormField } from '../../../components/ui/form-field';
import { isApiError } from '../../../lib/http-client';
import type { ModerationDetail } from '../api/moderation-schema';
import { describeError } from '../lib/describe-error';
import { caseSystemNoteMaxLength, caseSystemNoteSchema } from '../lib/text-rules';
import { useNoteForm } from './use-note-form';

/**
 * A moderator's note for the body's case system (issue 40, item 8), posted there once as an
 * update on the report. Shown by the forward panel only where the note can go.
 */
export function CaseSystemNoteForm({ item, body }: { item: ModerationDetail; body: string }) {
  const { t } = useTranslation('moderation');
  // The server's rule (caseSystemNoteBody): the shared schema, and not blank.
  const { change, feedback, ids, textRef, text, setText, error, onSubmit, failedOnField } = useNoteForm({
    item,
    kind: 'case-system-note',
    schema: caseSystemNoteSchema,
    required: t('forward.note.required'),
    done: t('forward.note.sent', { body }),
  });
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
