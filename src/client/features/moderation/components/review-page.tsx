import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { headlineOf, RequestHistory } from '../../../components/request';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { LoadingNotice } from '../../../components/ui/loading-notice';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { currentLanguage } from '../../../lib/i18n';
import { movedToOf, useModerationRequest } from '../api/request-detail';
import { consolePaths } from '../lib/console-paths';
import { describeError } from '../lib/describe-error';
import { DecisionPanel } from './decision-panel';
import { DuplicatePanel } from './duplicate-panel';
import { EditTextsForm } from './edit-texts-form';
import { AttentionPanel } from './attention-panel';
import { AssignmentForm } from './assignment-form';
import { InternalNotes } from './internal-notes';
import { ForwardPanel } from './forward-panel';
import { ModerationStateBadge } from './moderation-state-badge';
import { PhotoList } from './photo-list';
import { PlaceTypeForm } from './place-type-form';
import { PrivateDetails } from './private-details';
import { PublicPreview } from './public-preview';
import { QuestionAnswers } from './question-answers';
import { RequestAudit } from './request-audit';
import { StatusForm } from './status-form';

function Panel({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={['review-panel', className].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <h2 id={headingId} className="review-panel__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * `/moderation/requests/:id`: the public-view preview beside the private details, the
 * decision (publish, reject), and the tools for later handling (texts, status, photos), with the
 * request's own audit trail.
 */
export function ReviewPage({ id }: { id: string }) {
  const { t, i18n } = useTranslation('moderation');
  const detail = useModerationRequest(id, currentLanguage(i18n));
  const item = detail.data ?? undefined;
  const headline = item ? headlineOf(item.public) || t('review.untitled') : '';
  // Whose moderators see the desk's part (issue 41, item 5): the report's body by the name the public reads.
  const body = item?.public.agency_responsible || t('desk.theBody');
  useDocumentTitle(item ? t('review.title', { headline }) : t('review.documentTitle'));

  if (detail.isPending) return <LoadingNotice message={t('review.loading')} />;
  const movedTo = detail.isError && !item ? movedToOf(detail.error) : undefined;
  if (movedTo !== undefined) {
    return (
      <div className="page">
        <h1>{t('review.movedTitle', { body: movedTo })}</h1>
        <p>{t('review.movedBody', { id, body: movedTo })}</p>
        <p>
          <Link to={consolePaths.queue}>{t('review.backToQueue')}</Link>
        </p>
      </div>
    );
  }
  if (detail.isError && !item) {
    return (
      <div className="page">
        <h1>{t('review.documentTitle')}</h1>
        <ErrorNotice message={describeError(detail.error, t)} retryLabel={t('errors.retry')} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
      </div>
    );
  }
  if (!item) {
    return (
      <div className="page">
        <h1>{t('review.notFoundTitle')}</h1>
        <p>{t('review.notFoundBody', { id })}</p>
        <p>
          <Link to={consolePaths.queue}>{t('review.backToQueue')}</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="page moderation-review">
      <p className="moderation-review__back">
        <Link to={consolePaths.list(item.moderation)}>{t(`review.backTo.${item.moderation}`)}</Link>
      </p>
      <header className="moderation-review__head">
        <h1 className="moderation-review__title">{t('review.title', { headline })}</h1>
        <p className="moderation-review__meta">
          <ModerationStateBadge state={item.moderation} />
          <span className="moderation-review__id">{t('review.id', { id: item.service_request_id })}</span>
          <Link to={`/requests/${encodeURIComponent(item.service_request_id)}`}>{t('review.publicPage')}</Link>
        </p>
      </header>

      <AttentionPanel item={item} />
      <ForwardPanel item={item} />

      <div className="moderation-review__layout">
        <div className="moderation-review__side">
          <Panel title={t('decision.heading')}>
            <DecisionPanel item={item} />
          </Panel>
          <Panel title={t('desk.assignHeading')}>
            <AssignmentForm item={item} body={body} />
          </Panel>
          <Panel title={t('desk.notesHeading')} className="review-panel--private">
            <InternalNotes item={item} body={body} />
          </Panel>
          <Panel title={t('duplicates.heading')}>
            <DuplicatePanel item={item} />
          </Panel>
          <Panel title={t('private.heading')} className="review-panel--private">
            <p className="review-panel__hint">{t('private.hint')}</p>
            <PrivateDetails details={item.private} />
          </Panel>
          <Panel title={t('answers.heading')}>
            <p className="review-panel__hint">{t('answers.hint')}</p>
            <QuestionAnswers answers={item.answers} />
          </Panel>
        </div>
        <Panel title={t('preview.heading')} className="moderation-review__preview">
          <PublicPreview item={item} />
        </Panel>
      </div>

      <div className="moderation-review__tools">
        <Panel title={t('edit.heading')}>
          <EditTextsForm item={item} />
        </Panel>
        <Panel title={t('place.heading')}>
          <PlaceTypeForm item={item} />
        </Panel>
        <Panel title={t('status.heading')}>
          <StatusForm item={item} />
        </Panel>
        <Panel title={t('photos.heading')}>
          <PhotoList item={item} />
        </Panel>
        <Panel title={t('audit.history')}>
          <RequestHistory entries={item.public.extended_attributes?.history} agency={item.public.agency_responsible} withHeading={false} />
        </Panel>
        <Panel title={t('audit.forRequest')}>
          <RequestAudit entries={item.audit} />
        </Panel>
      </div>
    </div>
  );
}
