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
import { CaseSystemNoteForm } from './case-system-note-form';
import { useConsoleSession } from './session-context';

/**
 * How the report's send to its body's case system stands (issue 27): sent (in its method's
 * words) with the case system's reference, waiting for its next attempt, or, standing out, failed with the case
 * system's error and a Retry that puts it back in the queue. Nothing for a body that works in
 * this console. Where the body's case system takes them, and the send was not given up, a note
 * for it (issue 40, item 8).
 */
export function ForwardPanel({ item }: { item: ModerationDetail }) {
  const { t, i18n } = useTranslation('moderation');
  const { session } = useConsoleSession();
  const locale = currentLanguage(i18n);
  const retry = useRequestChange({ id: item.service_request_id, csrfToken: session.csrfToken, locale });
  const feedback = useActionFeedback();
  const headingId = useId();
  const { forward } = item;
  if (!forward) return null;

  const body = item.public.agency_responsible?.trim() || t('forward.unknownBody');
  const time = (iso: string | null) => formatDateTime(iso ?? undefined, locale) ?? '–';
  const onRetry = () => {
    feedback.clear();
    retry.mutate({ kind: 'retry-forward' }, { onSuccess: () => feedback.show(t('forward.retried')) });
  };

  return (
    <section className={`forward-panel forward-panel--${forward.state}`} aria-labelledby={headingId} data-testid="forward-panel">
      <h2 id={headingId} className="forward-panel__title">
        {t('forward.heading')}
      </h2>
      {forward.state === 'sent' ? (
        <p>
          {/* Worded by method (`sent_<method>`, else the plain `sent`): a new method adds words, not code. */}
          {t('forward.sent', { context: forward.method, body })}
          {forward.remote_id ? ` ${t('forward.ref', { ref: forward.remote_id })}` : null}{' '}
          <span className="forward-panel__time">{t('forward.sentAt', { time: time(forward.sent_at) })}</span>
        </p>
      ) : null}
      {forward.state === 'pending' ? (
        <>
          <p>{t('forward.pending', { attempt: forward.attempts + 1, time: time(forward.next_attempt_at) })}</p>
          {forward.last_error ? <p className="forward-panel__error">{t('forward.lastError', { error: forward.last_error })}</p> : null}
        </>
      ) : null}
      {feedback.element}
      {forward.state === 'failed' ? (
        <>
          <p className="forward-panel__failed">{t('forward.failed', { error: forward.last_error ?? '–' })}</p>
          <p>{t('forward.failedHint', { count: forward.attempts, body })}</p>
          {retry.isError ? <ErrorNotice message={describeError(retry.error, t)} /> : null}
          <Button onClick={onRetry} disabled={retry.isPending}>
            {retry.isPending ? t('forward.retrying') : t('forward.retry')}
          </Button>
        </>
      ) : null}
      {forward.takes_notes && forward.state !== 'failed' ? <CaseSystemNoteForm item={item} body={body} /> : null}
    </section>
  );
}
