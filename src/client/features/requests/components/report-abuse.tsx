import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { abuseReasonMaxLength } from '@/shared/georeport/text-limits';
import { FormField } from '../../../components/ui/form-field';
import { isApiError } from '../../../lib/http-client';
import '../../../styles/report-abuse.css';
import { useReportAbuse } from '../api/followers';
import { EmailField, looksLikeEmail } from '../../../components/ui/email-field';

/**
 * "Report abuse" (issue 28): a small link that opens a modal dialog with a reason and an optional
 * address; the report goes to the moderators of the request's body. The browser's modal dialog
 * keeps focus inside and closes on Escape; focus starts in the reason and returns to the link.
 */
export function ReportAbuse({ id }: { id: string }) {
  const { t } = useTranslation('abuse');
  const report = useReportAbuse(id);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const reasonInput = useRef<HTMLTextAreaElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const [reason, setReason] = useState('');
  const [email, setEmail] = useState('');
  const [problems, setProblems] = useState<{ reason?: string; email?: string }>({});
  const titleId = useId();
  const reasonId = useId();
  const emailId = useId();

  const open = () => {
    if (report.isSuccess) report.reset();
    const element = dialog.current;
    if (!element) return;
    // A browser without modal dialogs shows it in place; focus still starts in the reason.
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
    reasonInput.current?.focus();
  };
  const close = () => {
    const element = dialog.current;
    if (typeof element?.close === 'function') element.close();
    else {
      element?.removeAttribute('open');
      opener.current?.focus();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    const address = email.trim();
    const found = {
      reason: text === '' ? t('reasonRequired') : text.length > abuseReasonMaxLength ? t('reasonTooLong') : undefined,
      email: address !== '' && !looksLikeEmail(address) ? t('invalidEmail') : undefined,
    };
    setProblems(found);
    if (found.reason) return reasonInput.current?.focus();
    if (found.email) return emailInput.current?.focus();
    report.mutate({ reason: text, email: address }, { onSuccess: () => (setReason(''), setEmail('')) });
  };

  const failure = report.isError
    ? isApiError(report.error) && report.error.status === 429
      ? t('tooMany')
      : t('error')
    : undefined;

  return (
    <div className="report-abuse">
      <button ref={opener} type="button" className="report-abuse__open" aria-haspopup="dialog" onClick={open}>
        {t('open')}
      </button>
      <dialog ref={dialog} className="report-abuse__dialog" aria-labelledby={titleId} onClose={() => opener.current?.focus()}>
        <h2 id={titleId} className="report-abuse__title">
          {t('title')}
        </h2>
        {report.isSuccess ? (
          <div className="report-abuse__form">
            <p role="status">{t('sent')}</p>
            <div className="report-abuse__actions">
              <button type="button" className="button button--primary" autoFocus onClick={close}>
                {t('close')}
              </button>
            </div>
          </div>
        ) : (
          <form className="report-abuse__form" onSubmit={submit} noValidate>
            <p>{t('lead')}</p>
            <FormField id={reasonId} label={t('reasonLabel')} hint={t('reasonHint')} error={problems.reason}>
              {(control) => (
                <textarea {...control} ref={reasonInput} className="input" rows={4} value={reason} onChange={(event) => setReason(event.target.value)} />
              )}
            </FormField>
            <EmailField id={emailId} label={t('emailLabel')} hint={t('emailHint')} error={problems.email} value={email} onChange={setEmail} inputRef={emailInput} />
            {failure ? (
              <p role="alert" className="report-abuse__error">
                {failure}
              </p>
            ) : null}
            <div className="report-abuse__actions">
              <button type="submit" className="button button--primary" disabled={report.isPending}>
                {report.isPending ? t('sending') : t('submit')}
              </button>
              <button type="button" className="button button--secondary" onClick={close}>
                {t('cancel')}
              </button>
            </div>
          </form>
        )}
      </dialog>
    </div>
  );
}
