import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FormField } from '../../../components/ui/form-field';
import { currentLanguage } from '../../../lib/i18n';
import type { ModerationDetail } from '../api/moderation-schema';
import { useRequestChange } from '../api/request-changes';
import { consolePaths } from '../lib/console-paths';
import { describeError, serverFieldErrors } from '../lib/describe-error';
import { useActionFeedback } from './action-feedback';
import { DuplicateMarks } from './duplicate-marks';
import { useConsoleSession } from './session-context';

/**
 * "Duplicate of …": the likely originals with a button each, or any report by its id. A
 * duplicate says which report it was merged into.
 */
export function DuplicatePanel({ item }: { item: ModerationDetail }) {
  const { t, i18n } = useTranslation('moderation');
  const { session } = useConsoleSession();
  const mark = useRequestChange({ id: item.service_request_id, csrfToken: session.csrfToken, locale: currentLanguage(i18n) });
  const feedback = useActionFeedback();
  const [original, setOriginal] = useState('');
  const fieldId = useId();

  if (item.duplicate_of) {
    return (
      <>
        {feedback.element}
        <p className="duplicate-panel__state">
          {t('duplicates.isDuplicate')} <Link to={consolePaths.request(item.duplicate_of)}>{item.duplicate_of}</Link>
        </p>
      </>
    );
  }
  if (item.moderation === 'rejected') return <p className="review-panel__hint">{t('duplicates.notForRejected')}</p>;

  const markAs = (id: string) => {
    feedback.clear();
    mark.mutate({ kind: 'duplicate', original: id }, { onSuccess: () => feedback.show(t('duplicates.marked')) });
  };
  const onSubmit = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    if (original.trim()) markAs(original.trim());
  };
  const fieldError = mark.isError ? serverFieldErrors(mark.error, t).original : undefined;
  const publishedCandidates = item.likely_duplicates.filter((candidate) => candidate.moderation === 'published');

  return (
    <div className="duplicate-panel">
      <p className="review-panel__hint">{t('duplicates.hint')}</p>
      {feedback.element}
      {mark.isError && !fieldError ? <ErrorNotice message={describeError(mark.error, t)} /> : null}
      {item.likely_duplicates.length > 0 ? (
        <>
          <DuplicateMarks duplicates={item.likely_duplicates} />
          <div className="duplicate-panel__buttons">
            {/* Only a published report can be an original: a pending one's id on the duplicate's public page would open its unmoderated text. */}
            {publishedCandidates.map((candidate) => (
              <Button
                key={candidate.service_request_id}
                variant="secondary"
                disabled={mark.isPending}
                onClick={() => markAs(candidate.service_request_id)}
              >
                {t('duplicates.markAs', { summary: candidate.summary || candidate.service_request_id })}
              </Button>
            ))}
          </div>
          {publishedCandidates.length < item.likely_duplicates.length ? <p className="review-panel__hint">{t('duplicates.publishOriginalFirst')}</p> : null}
        </>
      ) : (
        <p>{t('duplicates.none')}</p>
      )}
      <form className="duplicate-panel__other" noValidate onSubmit={onSubmit}>
        <FormField id={fieldId} label={t('duplicates.otherLabel')} error={fieldError}>
          {(control) => <input {...control} className="input" value={original} onChange={(changeEvent) => setOriginal(changeEvent.target.value)} />}
        </FormField>
        <Button type="submit" variant="secondary" disabled={mark.isPending}>
          {mark.isPending ? t('duplicates.marking') : t('duplicates.submit')}
        </Button>
      </form>
    </div>
  );
}
