import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { LoadingNotice } from '../../../components/ui/loading-notice';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isApiError } from '../../../lib/http-client';
import { useForgetConsoleData, useModeratorSession, useSignIn } from '../api/session';
import { isLoginReason, safeNextPath } from '../lib/console-paths';
import { describeError, errorCodeOf } from '../lib/describe-error';

/** "Try again in N minutes", from Retry-After (the API sends it with every too_many_attempts). */
function minutesToWait(error: unknown): number {
  if (!isApiError(error)) return 1;
  const seconds = error.retryAfterSeconds ?? 60;
  return Math.max(1, Math.ceil(seconds / 60));
}

function signInProblem(error: unknown, t: TFunction<'moderation'>): string {
  const code = errorCodeOf(error);
  if (code === 'invalid_credentials') return t('login.errors.invalidCredentials');
  if (code === 'too_many_attempts') return t('login.errors.tooManyAttempts', { count: minutesToWait(error) });
  if (code === 'origin_not_allowed') return t('login.errors.otherSite');
  return describeError(error, t);
}

/** The moderator sign-in: name and password; on success, back to the page they wanted. */
export function LoginPage() {
  const { t } = useTranslation('moderation');
  useDocumentTitle(t('login.title'));
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const reason = params.get('reason');
  const session = useModeratorSession();
  const signIn = useSignIn();
  const forgetConsoleData = useForgetConsoleData();
  const ids = { name: useId(), password: useId(), error: useId() };
  const nameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ name?: string; password?: string }>({});
  // Put in the live region after the first render, so screen readers announce why they are here.
  const [noticeShown, setNoticeShown] = useState(false);
  const formShown = !session.isPending;
  useEffect(() => setNoticeShown(formShown), [formShown]);

  // Whoever sat here before (signed out, or their session ended) leaves no personal data behind.
  // Once, on arrival (the function is new each render, the intent is not).
  const forgetOnArrival = useRef(forgetConsoleData);
  useEffect(() => forgetOnArrival.current(), []);

  if (session.data) return <Navigate to={next} replace />;
  if (session.isPending) return <LoadingNotice message={t('console.loading')} />;

  const onSubmit = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    const problems = {
      name: username.trim() === '' ? t('login.errors.nameMissing') : undefined,
      password: password === '' ? t('login.errors.passwordMissing') : undefined,
    };
    setFieldErrors(problems);
    if (problems.name) return nameRef.current?.focus();
    if (problems.password) return passwordRef.current?.focus();
    signIn.mutate(
      { name: username.trim(), password },
      {
        onError: (error) => {
          if (errorCodeOf(error) === 'invalid_credentials') {
            setPassword('');
            passwordRef.current?.focus();
          }
        },
      },
    );
  };

  const notice = isLoginReason(reason) && reason !== 'required' ? t(`login.reason.${reason}`) : null;

  return (
    <div className="page moderation-login">
      <h1>{t('login.title')}</h1>
      <p className="moderation-login__intro">{t('login.intro')}</p>
      <div role="status">{notice && noticeShown ? <p className="notice moderation-notice">{notice}</p> : null}</div>
      <form className="moderation-login__form" noValidate onSubmit={onSubmit} aria-describedby={signIn.isError ? ids.error : undefined}>
        {signIn.isError ? (
          <div className="notice notice--error" role="alert" id={ids.error}>
            <p>{signInProblem(signIn.error, t)}</p>
          </div>
        ) : null}
        <FormField id={ids.name} label={t('login.name')} error={fieldErrors.name}>
          {(control) => (
            <input
              {...control}
              ref={nameRef}
              className="input"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={username}
              onChange={(changeEvent) => setUsername(changeEvent.target.value)}
            />
          )}
        </FormField>
        <FormField id={ids.password} label={t('login.password')} error={fieldErrors.password}>
          {(control) => (
            <input
              {...control}
              ref={passwordRef}
              className="input"
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(changeEvent) => setPassword(changeEvent.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" disabled={signIn.isPending}>
          {signIn.isPending ? t('login.signingIn') : t('login.submit')}
        </Button>
      </form>
    </div>
  );
}
