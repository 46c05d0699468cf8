import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { LoadingNotice } from '../../../components/ui/loading-notice';
import { moderationKeys } from '../api/moderation-api';
import { useModeratorSession } from '../api/session';
import { loginPath } from '../lib/console-paths';
import { describeError, isSessionEnded } from '../lib/describe-error';
import { ConsoleSessionContext } from './session-context';

const isModerationKey = (key: readonly unknown[] | undefined) => key?.[0] === 'moderation';

/**
 * Lets only a signed-in moderator see the console. Without a session it sends them to the login
 * page, remembering the page they wanted; when any console call later answers 401 (the session
 * expired or was ended elsewhere) it does the same, saying why.
 */
export function ModerationGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('moderation');
  const queryClient = useQueryClient();
  const shownLocation = useLocation();
  const session = useModeratorSession();
  const [ended, setEnded] = useState<'signed-out' | 'expired' | null>(null);

  const endSession = useCallback(
    (reason: 'signed-out' | 'expired') => {
      setEnded((current) => current ?? reason);
      // The login page drops the rest of the console's answers once these pages are gone.
      queryClient.setQueryData(moderationKeys.session, null);
    },
    [queryClient],
  );

  useEffect(() => {
    const onError = (error: unknown) => {
      if (isSessionEnded(error)) endSession('expired');
    };
    const stopQueries = queryClient.getQueryCache().subscribe((queryEvent) => {
      if (queryEvent.type === 'updated' && queryEvent.action.type === 'error' && isModerationKey(queryEvent.query.queryKey)) onError(queryEvent.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((mutationEvent) => {
      if (mutationEvent.type === 'updated' && mutationEvent.action.type === 'error' && isModerationKey(mutationEvent.mutation.options.mutationKey)) {
        onError(mutationEvent.action.error);
      }
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, endSession]);

  const value = useMemo(() => (session.data ? { session: session.data, endSession } : null), [session.data, endSession]);

  if (ended || session.data === null) {
    const here = `${shownLocation.pathname}${shownLocation.search}${shownLocation.hash}`;
    const to =
      ended === 'signed-out'
        ? loginPath({ reason: 'signed-out' })
        : loginPath({ next: here, reason: ended === 'expired' ? 'expired' : undefined });
    return <Navigate to={to} replace />;
  }
  if (session.isError) {
    return (
      <div className="page">
        <h1>{t('console.title')}</h1>
        <ErrorNotice
          message={describeError(session.error, t)}
          retryLabel={t('errors.retry')}
          onRetry={() => void session.refetch()}
          retrying={session.isFetching}
        />
      </div>
    );
  }
  if (!value) return <LoadingNotice message={t('console.loading')} />;
  return <ConsoleSessionContext.Provider value={value}>{children}</ConsoleSessionContext.Provider>;
}
