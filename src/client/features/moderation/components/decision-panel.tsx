import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FormField } from '../../../components/ui/form-field';
import { currentLanguage } from '../../../lib/i18n';
import type { ModerationDetail } from '../api/moderation-schema';
import { useRequestChange } from '../api/request-changes';
import { describeError, serverFieldErrors } from '../lib/describe-error';
import { translateFieldProblem } from '../lib/field-messages';
import { problemWith, statusNotesMaxLength, statusNotesSchema } from '../lib/text-rules';
import { useActionFeedback } from './action-feedback';
import { useConsoleSession } from './session-context';

/** Publish (pending only) or reject (with an optional reason); says what each will do. */
export function DecisionPanel({ item }: { item: ModerationDetail }) {
  const { t, i18n } = useTranslation('moderation');
  const { session } = useConsoleSession();
  const locale = currentLanguage(i18n);
  const id = item.service_request_id;
  const publish = useRequestChange({ id, csrfToken: session.csrfToken, locale });
  const reject = useRequestChange({ id, csrfToken: session.csrfToken, locale });
  const feedback = useActionFeedback();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const rejectToggleRef = useRef<HTMLButtonElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const ids = { reason: useId(), count: useId() };
  // Where focus goes once the form opens or closes; set by the person's action, not on first render.
  const focusAfterToggle = useRef<'reason' | 'toggle' | null>(null);

  // Layout effect: focus moves in the same task as the DOM change, so it never rests on <body>.
  useLayoutEffect(() => {
    const target = focusAfterToggle.current === 'reason' ? reasonRef.current : focusAfterToggle.current === 'toggle' ? rejectToggleRef.current : null;
    focusAfterToggle.current = null;
    target?.focus();
  }, [rejecting]);

  const emailOnReject = Boolean(item.private.email) && item.public.status === 'open';

  const onPublish = () => {
    feedback.clear();
    publish.mutate({ kind: 'publish' }, { onSuccess: () => feedback.show(t('decision.published')) });
  };

  const openReject = () => {
    feedback.clear();
    // Straight to the reason, the one thing to fill in.
    focusAfterToggle.current = 'reason';
    setRejecting(true);
  };

  const cancelReject = () => {
    focusAfterToggle.current = 'toggle';
    setRejecting(false);
    setReasonError(undefined);
  };

  const onReject = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    const text = reason.trim();
    const problem = text ? problemWith(statusNotesSchema, text) : undefined;
    setReasonError(problem ? translateFieldProblem(problem, t) : undefined);
    if (problem) return reasonRef.current?.focus();
    reject.mutate(
      { kind: 'reject', reason: text || null },
      {
        onSuccess: () => {
          setRejecting(false);
          setReason('');
          feedback.show(t('decision.rejected'));
        },
        onError: (error) => {
          const fieldError = serverFieldErrors(error, t).reason;
          if (fieldError) {
            setReasonError(fieldError);
            reasonRef.current?.focus();
          }
        },
      },
    );
  };

  const failed = publish.isError ? publish.error : reject.isError && !serverFieldErrors(reject.error, t).reason ? reject.error : null;

  return (
    <div className="decision-panel">
      <p className="decision-panel__state">{t(`decision.state.${item.moderation}`)}</p>
      {feedback.element}
      {failed ? <ErrorNotice message={describeError(failed, t)} /> : null}
      {item.moderation !== 'rejected' && !rejecting ? (
        <div className="decision-panel__buttons">
          {item.moderation === 'pending' ? (
            <Button onClick={onPublish} disabled={publish.isPending}>
              {publish.isPending ? t('decision.publishing') : t('decision.publish')}
            </Button>
          ) : null}
          <button type="button" className="button button--secondary console-button--danger-outline" ref={rejectToggleRef} onClick={openReject}>
            {t('decision.reject')}
          </button>
        </div>
      ) : null}
      {item.moderation === 'pending' && !rejecting ? <p className="decision-panel__hint">{t('decision.publishHint')}</p> : null}
      {rejecting ? (
        <form className="decision-panel__reject" noValidate onSubmit={onReject}>
          <FormField
            id={ids.reason}
            label={t('decision.reasonLabel')}
            hint={emailOnReject ? t('decision.reasonHintEmail') : t('decision.reasonHint')}
            error={reasonError}
            describedBy={[ids.count]}
          >
            {(control) => (
              <textarea
                {...control}
                ref={reasonRef}
                className="input textarea"
                rows={4}
                value={reason}
                onChange={(changeEvent) => setReason(changeEvent.target.value)}
              />
            )}
          </FormField>
          <p className="console-count" id={ids.count}>
            {t('form.characters', { length: reason.length, max: statusNotesMaxLength })}
          </p>
          <div className="decision-panel__buttons">
            <Button type="submit" className="console-button--danger" disabled={reject.isPending}>
              {reject.isPending ? t('decision.rejecting') : t('decision.confirmReject')}
            </Button>
            <Button variant="secondary" onClick={cancelReject}>
              {t('decision.cancel')}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
