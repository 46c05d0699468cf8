import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { LoadingNotice } from '../../../components/ui/loading-notice';
import { currentLanguage } from '../../../lib/i18n';
import { useMe, useSignOut, useUpdateSettings } from '../api/account-api';
import { AlertList } from './alert-list';
import { RequestList } from './request-list';

/** Signed in: their reports, what they follow, their email settings, and signing out. */
export function MyAccount({ email }: { email: string }) {
  const { t, i18n } = useTranslation('account');
  const locale = currentLanguage(i18n);
  const me = useMe(locale, true);
  const settings = useUpdateSettings(locale);
  const signOut = useSignOut();
  const ids = { reports: useId(), follows: useId(), alerts: useId(), settings: useId() };

  return (
    <>
      <div className="account-bar">
        <p>{t('signedInAs', { email })}</p>
        <Button variant="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          {t('signOut')}
        </Button>
      </div>
      {me.isPending ? <LoadingNotice message={t('loading')} /> : null}
      {me.isError ? <ErrorNotice message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void me.refetch()} retrying={me.isFetching} /> : null}
      {me.data ? (
        <>
          <section aria-labelledby={ids.reports}>
            <h2 id={ids.reports}>{t('reports.title')}</h2>
            <RequestList items={me.data.reports} empty={t('reports.empty')} />
            <p>
              <Link to="/report">{t('reports.reportNew')}</Link>
            </p>
          </section>
          <section aria-labelledby={ids.follows}>
            <h2 id={ids.follows}>{t('follows.title')}</h2>
            <RequestList
              items={me.data.follows}
              empty={t('follows.empty')}
              action={(item) => (
                <Button
                  variant="secondary"
                  className="account-list__action"
                  aria-label={t('follows.unfollowNamed', { title: item.title || item.typeName })}
                  disabled={settings.isPending}
                  onClick={() => settings.mutate({ unfollow: [item.id] })}
                >
                  {t('follows.unfollow')}
                </Button>
              )}
            />
          </section>
          <section aria-labelledby={ids.alerts}>
            <h2 id={ids.alerts}>{t('alerts.title')}</h2>
            <AlertList alerts={me.data.alerts} busy={settings.isPending} onRemove={(id) => settings.mutate({ removeAlerts: [id] })} />
          </section>
          <section aria-labelledby={ids.settings}>
            <h2 id={ids.settings}>{t('settings.title')}</h2>
            <label className="account-setting">
              <input
                type="checkbox"
                checked={me.data.reportUpdates}
                disabled={settings.isPending}
                onChange={(changeEvent) => settings.mutate({ reportUpdates: changeEvent.target.checked })}
              />
              {t('settings.reportUpdates')}
            </label>
            <div role="status">{settings.isSuccess ? <p className="notice">{t('settings.saved')}</p> : null}</div>
            {settings.isError ? (
              <div className="notice notice--error" role="alert">
                <p>{t('settings.failed')}</p>
              </div>
            ) : null}
          </section>
        </>
      ) : null}
    </>
  );
}
