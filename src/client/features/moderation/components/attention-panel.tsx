import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/request/format';
import { Button } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { currentLanguage } from '../../../lib/i18n';
import type { ModerationDetail } from '../api/moderation-schema';
import { useRequestChange } from '../api/request-changes';
import { describeError } from '../lib/describe-error';
import { useActionFeedback } from './action-feedback';
import { useConsoleSession } from './session-context';

/**
 * What puts a published report back in front of its moderators (issue 28): its reporter reopened
 * it ("not fixed"), or residents reported it as abuse, with their reasons (and addresses, for
 * moderators only) and the two ways to resolve them. Nothing when neither.
 */
export function AttentionPanel({ item }: { item: ModerationDetail }) {
  const { t, i18n } = useTranslation('abuse');
  const { t: tm } = useTranslation('moderation');
  const { session } = useConsoleSession();
  const locale = currentLanguage(i18n);
  const resolve = useRequestChange({ id: item.service_request_id, csrfToken: session.csrfToken, locale });
  const feedback = useActionFeedback();
  const headingId = useId();
  const reports = item.abuse_reports;
  if (!item.reopened_by_reporter && reports.length === 0) return null;

  const onResolve = (action: 'keep' | 'hide') => () => {
    feedback.clear();
    resolve.mutate({ kind: 'resolve-abuse', action }, { onSuccess: () => feedback.show(t(action === 'keep' ? 'console.kept' : 'console.hidden')) });
  };

  return (
    <>
      {item.reopened_by_reporter ? (
        <p className="forward-panel forward-panel--failed" data-testid="reopened-flag">
          {t('console.reopened')}
        </p>
      ) : null}
      {feedback.element}
      {reports.length > 0 ? (
        <section className="forward-panel forward-panel--failed" aria-labelledby={headingId} data-testid="abuse-panel">
          <h2 id={headingId} className="forward-panel__title">
            {t('console.heading')}
          </h2>
          <p>{t('console.count', { count: reports.length })}</p>
          <ul>
            {reports.map((report) => (
              <li key={report.id}>
                <p>{report.reason}</p>
                <p className="forward-panel__time">
                  {t('console.reportedAt', { time: formatDateTime(report.reported_at, locale) ?? report.reported_at })}
                  {report.email ? ` · ${t('console.from', { email: report.email })}` : null}
                </p>
              </li>
            ))}
          </ul>
          {resolve.isError ? <ErrorNotice message={describeError(resolve.error, tm)} /> : null}
          <div className="attention-panel__actions">
            <Button onClick={onResolve('keep')} disabled={resolve.isPending}>
              {t('console.keep')}
            </Button>
            <Button onClick={onResolve('hide')} disabled={resolve.isPending}>
              {t('console.hide')}
            </Button>
          </div>
        </section>
      ) : null}
    </>
  );
}
