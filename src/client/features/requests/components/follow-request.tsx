import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import '../../../styles/request-updates.css';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http-client';
import { currentLanguage } from '../../../lib/i18n';
import { useFollowerCount, useFollowRequest } from '../api/followers';
import { EmailField, looksLikeEmail } from '../../../components/ui/email-field';

/**
 * "Me too": how many follow this report, and a form to follow it by email. Nothing is sent but a
 * confirmation until its link is opened. Reached from the report form's "Follow this one instead"
 * as #follow, which puts the cursor in the address field.
 */
export function FollowRequest({ id }: { id: string }) {
  const { t, i18n } = useTranslation('updates');
  const count = useFollowerCount(id, true);
  const follow = useFollowRequest(id);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const fieldId = useId();

  useEffect(() => {
    if (window.location.hash === '#follow') input.current?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!looksLikeEmail(address)) {
      setProblem(t('follow.invalidEmail'));
      input.current?.focus();
      return;
    }
    setProblem(undefined);
    follow.mutate({ email: address, locale: currentLanguage(i18n) });
  };

  const failure = follow.isError
    ? isApiError(follow.error) && follow.error.status === 429
      ? t('follow.tooMany')
      : isApiError(follow.error) && follow.error.status === 400
        ? t('follow.invalidEmail')
        : t('follow.error')
    : undefined;

  return (
    <section id="follow" className="follow-request request-section" aria-labelledby="follow-heading">
      <h2 id="follow-heading" className="request-section__title">{t('follow.heading')}</h2>
      {count.data !== undefined ? <p className="follow-request__count">{t('follow.count', { count: count.data })}</p> : null}
      {follow.isSuccess ? (
        <p role="status" className="follow-request__sent">
          {t('follow.sent')}
        </p>
      ) : (
        <form className="follow-request__form" onSubmit={submit} noValidate>
          <p className="follow-request__lead">{t('follow.lead')}</p>
          <EmailField id={fieldId} label={t('follow.emailLabel')} hint={t('follow.privacy')} error={problem} value={email} onChange={setEmail} inputRef={input} />
          <button type="submit" className="button button--primary" disabled={follow.isPending}>
            {follow.isPending ? t('follow.sending') : t('follow.submit')}
          </button>
          {failure ? (
            <p role="alert" className="follow-request__error">
              {failure}
            </p>
          ) : null}
        </form>
      )}
    </section>
  );
}
