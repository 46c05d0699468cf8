import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { rejectReasons, withholdsContent, type RejectReason } from '@/shared/moderation/reject-reasons';
import { Button } from '../../../components/ui/button';
import { FieldErrorText, FormField } from '../../../components/ui/form-field';
import type { RejectChange } from '../api/request-changes';
import { serverFieldErrors } from '../lib/describe-error';
import { translateFieldProblem } from '../lib/field-messages';
import { problemWith, rejectWhereSchema, statusNotesMaxLength, statusNotesSchema } from '../lib/text-rules';

type Field = 'reason' | 'where' | 'original' | 'note';
type Errors = Partial<Record<Field, string>>;

const requestIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The rejection's form (issue 41, item 3): a reason from the fixed list, each saying what the
 * public will see, and what that reason needs: where to report instead, the original's id, a
 * public note (required for "other"). Checked here as the server checks it, so most mistakes are
 * caught before sending; the server's own refusals land on their fields.
 */
export function RejectForm({
  firstRef,
  emailOnReject,
  pending,
  onSubmit,
  onCancel,
}: {
  firstRef: RefObject<HTMLInputElement | null>;
  emailOnReject: boolean;
  pending: boolean;
  onSubmit: (change: RejectChange, onFieldErrors: (error: unknown) => boolean) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('moderation');
  const [reason, setReason] = useState<RejectReason>();
  const [where, setWhere] = useState('');
  const [original, setOriginal] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const refs = { where: useRef<HTMLInputElement>(null), original: useRef<HTMLInputElement>(null), note: useRef<HTMLTextAreaElement>(null) };
  const ids = { legend: useId(), reasonError: useId(), where: useId(), original: useId(), note: useId(), count: useId() };

  const textProblem = (schema: typeof statusNotesSchema, text: string) => {
    const problem = text ? problemWith(schema, text) : undefined;
    return problem ? translateFieldProblem(problem, t) : undefined;
  };

  const check = (): Errors => {
    if (!reason) return { reason: t('decision.reasonRequired') };
    const found: Errors = {};
    if (reason === 'not_responsible') found.where = where.trim() ? textProblem(rejectWhereSchema, where.trim()) : t('decision.whereRequired');
    if (reason === 'duplicate') found.original = requestIdPattern.test(original.trim()) ? undefined : t('decision.originalRequired');
    if (reason === 'other' && !note.trim()) found.note = t('decision.noteRequired');
    else if (reason !== 'duplicate') found.note = textProblem(statusNotesSchema, note.trim());
    return Object.fromEntries(Object.entries(found).filter(([, message]) => message)) as Errors;
  };

  const focusFirst = (found: Errors) => {
    if (found.reason) return firstRef.current?.focus();
    const field = (['where', 'original', 'note'] as const).find((name) => found[name]);
    if (field) refs[field].current?.focus();
  };

  const submit = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0 || !reason) return focusFirst(found);
    const change: RejectChange =
      reason === 'duplicate'
        ? { kind: 'reject', reason, original: original.trim() }
        : { kind: 'reject', reason, ...(reason === 'not_responsible' ? { where: where.trim() } : {}), ...(note.trim() ? { note: note.trim() } : {}) };
    onSubmit(change, (error) => {
      const fromServer = serverFieldErrors(error, t);
      if (Object.keys(fromServer).length === 0) return false;
      setErrors(fromServer);
      focusFirst(fromServer);
      return true;
    });
  };

  return (
    <form className="decision-panel__reject" noValidate onSubmit={submit}>
      <fieldset className="console-status-form__stages" aria-describedby={errors.reason ? ids.reasonError : undefined}>
        <legend className="form-field__label" id={ids.legend}>
          {t('decision.reasonLabel')}
        </legend>
        {errors.reason ? <FieldErrorText id={ids.reasonError} message={errors.reason} /> : null}
        {rejectReasons.map((code, index) => {
          const optionId = `${ids.legend}-${code}`;
          return (
            <div className="console-choice" key={code}>
              <input
                ref={index === 0 ? firstRef : undefined}
                type="radio"
                id={optionId}
                name={`${ids.legend}-reason`}
                value={code}
                checked={reason === code}
                onChange={() => setReason(code)}
                aria-describedby={`${optionId}-description`}
              />
              <label htmlFor={optionId} className="console-choice__label">
                {t(`rejectReasons.${code}`)}
              </label>
              <p className="console-choice__description" id={`${optionId}-description`}>
                {withholdsContent(code) ? t('decision.withholds') : code === 'duplicate' ? t('decision.pointsToOriginal') : t('decision.keepsPublic')}
              </p>
            </div>
          );
        })}
      </fieldset>
      {reason === 'not_responsible' ? (
        <FormField id={ids.where} label={t('decision.whereLabel')} hint={t('decision.whereHint')} error={errors.where}>
          {(control) => <input {...control} ref={refs.where} className="input" value={where} onChange={(changeEvent) => setWhere(changeEvent.target.value)} />}
        </FormField>
      ) : null}
      {reason === 'duplicate' ? (
        <FormField id={ids.original} label={t('decision.originalLabel')} hint={t('decision.originalHint')} error={errors.original}>
          {(control) => <input {...control} ref={refs.original} className="input" value={original} onChange={(changeEvent) => setOriginal(changeEvent.target.value)} />}
        </FormField>
      ) : null}
      {reason && reason !== 'duplicate' ? (
        <>
          <FormField
            id={ids.note}
            label={reason === 'other' ? t('decision.noteLabelRequired') : t('decision.noteLabel')}
            hint={emailOnReject ? t('decision.noteHintEmail') : t('decision.noteHint')}
            error={errors.note}
            describedBy={[ids.count]}
          >
            {(control) => (
              <textarea {...control} ref={refs.note} className="input textarea" rows={4} value={note} onChange={(changeEvent) => setNote(changeEvent.target.value)} />
            )}
          </FormField>
          <p className="console-count" id={ids.count}>
            {t('form.characters', { length: note.length, max: statusNotesMaxLength })}
          </p>
        </>
      ) : null}
      <div className="decision-panel__buttons">
        <Button type="submit" className="console-button--danger" disabled={pending}>
          {pending ? t('decision.rejecting') : t('decision.confirmReject')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('decision.cancel')}
        </Button>
      </div>
    </form>
  );
}
