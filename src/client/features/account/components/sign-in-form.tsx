import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Button } from '../../../components/ui/button';
import { currentLanguage } from '../../../lib/i18n';
import { isApiError } from '../../../lib/http-client';
import { useAskForSignInLink } from '../api/account-api';
import { EmailField, looksLikeEmail } from '../../../components/ui/email-field';

function problemOf(error: unknown, t: TFunction<'account'>): string {
  if (isApiError(error) && error.status === 429) return t('signIn.tooMany', { count: Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60)) });
  if (isApiError(error) && error.status === 400) return t('signIn.emailInvalid');
  return t('signIn.failed');
}

/** "Send me a sign-in link": the same answer whether or not the address has reports. */
export function SignInForm({ next }: { next?: string }) {
  const { t, i18n } = useTranslation('account');
  const ask = useAskForSignInLink();
  const ids = { email: useId(), result: useId() };
  const input = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();

  const onSubmit = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    const address = email.trim();
    const problem = address === '' ? t('signIn.emailMissing') : looksLikeEmail(address) ? undefined : t('signIn.emailInvalid');
    setFieldError(problem);
    if (problem) return input.current?.focus();
    setSentTo(undefined);
    ask.mutate({ email: address, locale: currentLanguage(i18n), ...(next ? { next } : {}) }, { onSuccess: () => setSentTo(address) });
  };

  return (
    <section className="account-sign-in" aria-labelledby={`${ids.email}-title`}>
      <h2 id={`${ids.email}-title`}>{t('signIn.title')}</h2>
      <form noValidate onSubmit={onSubmit} className="account-sign-in__form">
        <EmailField id={ids.email} label={t('signIn.emailLabel')} hint={t('signIn.emailHint')} error={fieldError} value={email} onChange={setEmail} inputRef={input} />
        <Button type="submit" disabled={ask.isPending}>
          {ask.isPending ? t('signIn.sending') : t('signIn.send')}
        </Button>
      </form>
      <div id={ids.result} role="status">
        {sentTo ? <p className="notice">{t('signIn.sent', { email: sentTo })}</p> : null}
      </div>
      {ask.isError ? (
        <div className="notice notice--error" role="alert">
          <p>{problemOf(ask.error, t)}</p>
        </div>
      ) : null}
    </section>
  );
}
