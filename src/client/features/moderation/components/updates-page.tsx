import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime } from '../../../components/request';
import { Button } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { LoadingNotice } from '../../../components/ui/loading-notice';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { currentLanguage } from '../../../lib/i18n';
import { useDecideUpdate, usePendingUpdates } from '../api/resident-updates';
import { consolePaths } from '../lib/console-paths';
import { describeError } from '../lib/describe-error';
import { useConsoleSession } from './session-context';
import '../../../styles/request-updates.css';

/** `/moderation/updates`: residents' updates waiting for a moderator, each published or rejected here. */
export function UpdatesPage() {
  const { t, i18n } = useTranslation('resident-updates');
  const { t: tm } = useTranslation('moderation');
  useDocumentTitle(t('console.title'));
  const locale = currentLanguage(i18n);
  const { session } = useConsoleSession();
  const updates = usePendingUpdates(locale);
  const decide = useDecideUpdate(session.csrfToken, locale);

  let content;
  if (updates.isPending) content = <LoadingNotice message={t('console.loading')} />;
  else if (updates.isError) content = <ErrorNotice message={describeError(updates.error, tm)} retryLabel={tm('errors.retry')} onRetry={() => void updates.refetch()} retrying={updates.isFetching} />;
  else if (updates.data.length === 0) content = <p className="notice">{t('console.empty')}</p>;
  else {
    content = (
      <ul className="console-updates">
        {updates.data.map((update) => {
          const busy = decide.isPending && decide.variables?.id === update.update_id;
          return (
            <li key={update.update_id} className="console-update">
              <article aria-labelledby={`update-${update.update_id}`}>
                <h2 id={`update-${update.update_id}`} className="console-update__title">
                  <Link to={consolePaths.request(update.service_request_id)}>{update.report_title}</Link>
                </h2>
                <p className="console-update__meta">
                  <DateTime value={update.created_at} />
                  {update.name ? ` · ${update.show_name ? t('console.nameShown', { name: update.name }) : t('console.nameHidden', { name: update.name })}` : null}
                </p>
                {update.state ? <p className="console-update__state">{t(`console.state_${update.state}`)}</p> : null}
                <blockquote className="request-history__note">{update.text}</blockquote>
                {update.photo_url ? <img className="console-update__photo" src={update.photo_url} alt={t('console.photo')} width={240} height={180} /> : null}
                <div className="console-update__actions">
                  <Button disabled={busy} onClick={() => decide.mutate({ id: update.update_id, decision: 'publish' })}>
                    {t('console.publish')}
                  </Button>
                  <Button variant="secondary" disabled={busy} onClick={() => decide.mutate({ id: update.update_id, decision: 'reject' })}>
                    {t('console.reject')}
                  </Button>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <section className="console-page">
      <h1>{t('console.title')}</h1>
      {decide.isError ? (
        <p role="alert" className="resident-update__error">
          {describeError(decide.error, tm)}
        </p>
      ) : null}
      {content}
    </section>
  );
}
