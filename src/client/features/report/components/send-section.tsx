import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import type { UploadProgress as Progress } from '../../../lib/http-client';
import type { GeneralProblem } from '../lib/send-error';
import type { ErrorTarget } from '../validation/report-form-values';
import { useReportChecks } from '../validation/use-report-checks';
import { DiscardDraft } from './discard-draft';
import { focusTarget, PROBLEMS_ID } from './report-focus';
import { UploadProgress } from './upload-progress';

export interface SendSectionProps {
  /** Problems that belong to no field, from the last try. */
  general: readonly GeneralProblem[];
  /** Field errors to list before the button, each one a way to its field; empty hides the list. */
  summaryItems: readonly { target: ErrorTarget; message: string }[];
  busy: boolean;
  /** The device is offline: sending keeps the report in the outbox, which says so here. */
  offline: boolean;
  progress: Progress | undefined;
  /** Photos still being resized: the report waits for them. */
  photosProcessing: number;
  /** Whether there is anything to discard. */
  hasDraft: boolean;
  onDiscard: () => void;
  /** Why the report cannot go yet (no body handles its place or type): said here, and the button waits. */
  blocked?: string;
}

const BLOCKED_ID = 'report-send-blocked';

/** The end of the form: what went wrong, the upload progress, the send and discard buttons. */
export function SendSection({ general, summaryItems, busy, offline, progress, photosProcessing, hasDraft, onDiscard, blocked }: SendSectionProps) {
  const { t, i18n } = useTranslation('report');
  const checks = useReportChecks();

  const generalText = (problem: GeneralProblem): string => {
    switch (problem.kind) {
      case 'message':
        return checks ? checks.translateValidationMessage(i18n, problem.text) : problem.text;
      case 'rateLimited':
        return problem.seconds ? t('send.rateLimitedSeconds', { count: problem.seconds }) : t('send.rateLimited');
      case 'network':
        return t('send.networkError');
      case 'server':
        return t('send.serverError');
    }
  };

  return (
    <section className="report-send" aria-label={t('send.regionLabel')}>
      <div id={PROBLEMS_ID} tabIndex={-1} className="report-send__problems">
        {general.length > 0 ? (
          <div className="notice notice--error" role="alert">
            <p>{t('send.failedTitle')}</p>
            <ul>
              {general.map((problem, index) => (
                <li key={index}>{generalText(problem)}</li>
              ))}
            </ul>
            <p>{t('send.nothingLost')}</p>
          </div>
        ) : null}
        {summaryItems.length > 0 ? (
          <div className="notice notice--error error-summary">
            <p>{t('send.fixTitle', { count: summaryItems.length })}</p>
            <ul>
              {summaryItems.map(({ target, message }) => (
                <li key={target}>
                  <button type="button" className="link-button" onClick={() => focusTarget(target)}>
                    {message}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      {busy ? <UploadProgress progress={progress} /> : null}
      {offline ? (
        <p className="notice report-send__offline" data-testid="offline-send-note">
          {t('offline.send', { ns: 'outbox' })}
        </p>
      ) : null}
      {blocked ? (
        <p id={BLOCKED_ID} className="notice notice--error report-send__blocked" data-testid="send-blocked">
          {blocked}
        </p>
      ) : null}
      <div className="report-send__actions">
        <Button type="submit" disabled={busy || photosProcessing > 0 || blocked !== undefined} aria-describedby={blocked ? BLOCKED_ID : undefined}>
          {busy ? t('send.buttonSending') : photosProcessing > 0 ? t('send.buttonWaitPhotos') : t('send.button')}
        </Button>
        {hasDraft && !busy ? <DiscardDraft onDiscard={onDiscard} /> : null}
      </div>
    </section>
  );
}
