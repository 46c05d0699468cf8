import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  baseDetailedStatuses,
  isBaseDetailedStatus,
  isPublicWorksStatus,
  publicWorksStatuses,
  statusOfDetailedStatus,
  type BaseDetailedStatus,
} from '@/shared/georeport/detailed-status';
import { StatusBadge, detailedStatusesOf } from '../../../components/request';
import { useDetailedStatusWords } from '../../../components/request/use-detailed-status-words';
import { Button } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FieldErrorText, FormField } from '../../../components/ui/form-field';
import { currentLanguage } from '../../../lib/i18n';
import type { ModerationDetail } from '../api/moderation-schema';
import { useRequestChange } from '../api/request-changes';
import { describeError, serverFieldErrors } from '../lib/describe-error';
import { translateFieldProblem } from '../lib/field-messages';
import { problemWith, statusNotesMaxLength, statusNotesSchema } from '../lib/text-rules';
import { useActionFeedback } from './action-feedback';
import { SavedResponsePicker } from './saved-response-picker';
import { useConsoleSession } from './session-context';

interface StatusValues {
  base: BaseDetailedStatus;
  publicWorks: string;
  notes: string;
}

function storedValues(item: ModerationDetail): StatusValues {
  const values = detailedStatusesOf(item.public);
  return {
    base: values.find(isBaseDetailedStatus) ?? 'RECEIVED',
    publicWorks: values.find(isPublicWorksStatus) ?? '',
    notes: item.public.status_notes,
  };
}

const same = (a: StatusValues, b: StatusValues) => a.base === b.base && a.publicWorks === b.publicWorks && a.notes === b.notes;
const detailedStatusOf = (values: StatusValues) => (values.publicWorks ? [values.base, values.publicWorks] : [values.base]);

/**
 * Moves the detailed status (RECEIVED → IN_PROCESS → PROCESSED, or ARCHIVED / REJECTED, with an
 * optional public works value) and writes the status notes. Shows the open/closed that follows,
 * and says when saving will send email, and to whom.
 */
export function StatusForm({ item }: { item: ModerationDetail }) {
  const { t, i18n } = useTranslation('moderation');
  const wordsOf = useDetailedStatusWords();
  const { session } = useConsoleSession();
  const change = useRequestChange({ id: item.service_request_id, csrfToken: session.csrfToken, locale: currentLanguage(i18n) });
  const feedback = useActionFeedback();
  const ids = { legend: useId(), publicWorks: useId(), notes: useId(), count: useId(), outcome: useId(), statusError: useId() };
  const notesRef = useRef<HTMLTextAreaElement>(null);
  const firstRadioRef = useRef<HTMLInputElement>(null);

  const stored = storedValues(item);
  const [baseline, setBaseline] = useState(stored);
  const [values, setValues] = useState(stored);
  const [errors, setErrors] = useState<{ status?: string; notes?: string }>({});
  if (!same(stored, baseline)) {
    setBaseline(stored);
    if (same(values, baseline)) setValues(stored);
  }

  const outcome = statusOfDetailedStatus(detailedStatusOf(values));
  // As the server sends (moderation/changes.ts): every saved change of a published report goes to
  // the reporter and its followers; before publishing, only closing it emails the reporter.
  const emailsEveryone = item.moderation === 'published' && !same(values, stored);
  const emailsReporter = !emailsEveryone && item.public.status === 'open' && outcome === 'closed' && Boolean(item.private.email);

  const onSubmit = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    feedback.clear();
    const notesProblem = values.notes.trim() ? problemWith(statusNotesSchema, values.notes) : undefined;
    setErrors({ notes: notesProblem && translateFieldProblem(notesProblem, t) });
    if (notesProblem) return notesRef.current?.focus();
    if (same(values, stored)) return feedback.show(t('status.unchanged'));
    change.mutate(
      { kind: 'status', detailed_status: detailedStatusOf(values), status_notes: values.notes },
      {
        onSuccess: (detail) =>
          feedback.show(
            detail.public.status === 'closed' ? t('status.savedClosed') : t('status.savedOpen'),
          ),
        onError: (error) => {
          const fields = serverFieldErrors(error, t);
          const statusProblem = fields.detailed_status ?? fields['detailed_status.0'] ?? fields['detailed_status.1'];
          setErrors({ status: statusProblem, notes: fields.status_notes });
          if (fields.status_notes) notesRef.current?.focus();
          else if (statusProblem) firstRadioRef.current?.focus();
        },
      },
    );
  };

  const hasFieldError = change.isError && Object.keys(serverFieldErrors(change.error, t)).length > 0;

  return (
    <form className="moderation-form console-status-form" noValidate onSubmit={onSubmit}>
      {change.isError && !hasFieldError ? <ErrorNotice message={describeError(change.error, t)} /> : null}
      <fieldset className="console-status-form__stages" aria-describedby={errors.status ? ids.statusError : undefined}>
        <legend className="form-field__label">{t('status.stage')}</legend>
        {errors.status ? <FieldErrorText id={ids.statusError} message={errors.status} /> : null}
        {baseDetailedStatuses.map((stage, index) => {
          const words = wordsOf(stage);
          const optionId = `${ids.legend}-${stage}`;
          return (
            <div className="console-choice" key={stage}>
              <input
                ref={index === 0 ? firstRadioRef : undefined}
                type="radio"
                id={optionId}
                name={`${ids.legend}-stage`}
                value={stage}
                checked={values.base === stage}
                onChange={() => setValues({ ...values, base: stage })}
                aria-describedby={`${optionId}-description`}
              />
              <label htmlFor={optionId} className="console-choice__label">
                {words.label}
                {/* Read as "Resolved, closes the report", not "Resolvedcloses the report". */}
                <span className="visually-hidden">,</span>{' '}
                <span className="console-choice__meta">{t(`status.opens.${statusOfDetailedStatus([stage])}`)}</span>
              </label>
              <p className="console-choice__description" id={`${optionId}-description`}>
                {words.description}
              </p>
            </div>
          );
        })}
      </fieldset>
      <FormField id={ids.publicWorks} label={t('status.publicWorks')} hint={t('status.publicWorksHint')}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={values.publicWorks}
            onChange={(changeEvent) => setValues({ ...values, publicWorks: changeEvent.target.value })}
          >
            <option value="">{t('status.publicWorksNone')}</option>
            {publicWorksStatuses.map((worksStatus) => (
              <option key={worksStatus} value={worksStatus}>
                {wordsOf(worksStatus).label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <SavedResponsePicker
        item={item}
        detailedStatus={detailedStatusOf(values)}
        onPick={(text) => {
          setValues({ ...values, notes: text });
          // Straight to the text, to edit it before saving.
          notesRef.current?.focus();
        }}
      />
      <FormField id={ids.notes} label={t('status.notes')} hint={t('status.notesHint')} error={errors.notes} describedBy={[ids.count]}>
        {(control) => (
          <textarea
            {...control}
            ref={notesRef}
            className="input textarea"
            rows={5}
            value={values.notes}
            onChange={(changeEvent) => setValues({ ...values, notes: changeEvent.target.value })}
          />
        )}
      </FormField>
      <p className="console-count" id={ids.count}>
        {t('form.characters', { length: values.notes.length, max: statusNotesMaxLength })}
      </p>
      <div className="console-status-form__outcome" id={ids.outcome} aria-live="polite">
        <p>
          {t('status.outcome')} <StatusBadge status={outcome} detailed={detailedStatusOf(values)} />
        </p>
        {emailsEveryone ? <p className="console-status-form__email">{t('status.emailNoticeEveryChange')}</p> : null}
        {emailsReporter ? <p className="console-status-form__email">{t('status.emailNotice')}</p> : null}
      </div>
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? t('status.saving') : t('status.save')}
      </Button>
      {feedback.element}
    </form>
  );
}
