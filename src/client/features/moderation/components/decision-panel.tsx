import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { currentLanguage } from '../../../lib/i18n';
import type { ModerationDetail } from '../api/moderation-schema';
import { useRequestChange, type RejectChange } from '../api/request-changes';
import { describeError } from '../lib/describe-error';
import { useActionFeedback } from './action-feedback';
import { RejectForm } from './reject-form';
import { useConsoleSession } from './session-context';

/** Publish (pending only) or reject (with a reason from the list); says what each will do. */
export function DecisionPanel({ item }: { item: ModerationDetail }) {
  const { t, i18n } = useTranslation('moderation');
  const { session } = useConsoleSession();
  const locale = currentLanguage(i18n);
  const id = item.service_request_id;
  const publish = useRequestChange({ id, csrfToken: session.csrfToken, locale });
  const reject = useRequestChange({ id, csrfToken: session.csrfToken, locale });
  const feedback = useActionFeedback();
  const [rejecting, setRejecting] = useState(false);
  // A refusal shown on the form's fields is not shown again above it.
  const [rejectFailedOnFields, setRejectFailedOnFields] = useState(false);
  const rejectToggleRef = useRef<HTMLButtonElement>(null);
  const firstReasonRef = useRef<HTMLInputElement>(null);
  // Where focus goes once the form opens or closes; set by the person's action, not on first render.
  const focusAfterToggle = useRef<'reason' | 'toggle' | null>(null);

  // Layout effect: focus moves in the same task as the DOM change, so it never rests on <body>.
  useLayoutEffect(() => {
    const target = focusAfterToggle.current === 'reason' ? firstReasonRef.current : focusAfterToggle.current === 'toggle' ? rejectToggleRef.current : null;
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
    // Straight to the reasons, the one thing to choose.
    focusAfterToggle.current = 'reason';
    setRejecting(true);
  };

  const cancelReject = () => {
    focusAfterToggle.current = 'toggle';
    setRejecting(false);
  };

  const onReject = (change: RejectChange, onFieldErrors: (error: unknown) => boolean) => {
    setRejectFailedOnFields(false);
    reject.mutate(change, {
      onSuccess: () => {
        setRejecting(false);
        feedback.show(t('decision.rejected'));
      },
      onError: (error) => setRejectFailedOnFields(onFieldErrors(error)),
    });
  };

  const failed = publish.isError ? publish.error : reject.isError && !rejectFailedOnFields ? reject.error : null;

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
        <RejectForm firstRef={firstReasonRef} emailOnReject={emailOnReject} pending={reject.isPending} onSubmit={onReject} onCancel={cancelReject} />
      ) : null}
    </div>
  );
}
