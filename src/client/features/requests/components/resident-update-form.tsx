import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { plainTextMistake } from '@/shared/georeport/plain-text';
import { descriptionLength } from '@/shared/georeport/text-limits';
import { FormField } from '../../../components/ui/form-field';
import { PhotoField } from '../../../components/ui/photo-field';
import { isApiError } from '../../../lib/http-client';
import { currentLanguage } from '../../../lib/i18n';
import '../../../styles/request-updates.css';
import { useIsOwnReport, usePostResidentUpdate } from '../api/resident-updates';
import { EmailField, looksLikeEmail } from '../../../components/ui/email-field';

type Problems = { description?: string; email?: string };

/**
 * "Add an update" on a published report: a text, an optional photo, optionally a name to show
 * and an address for a receipt. It is moderated before it shows; nothing is queued offline (an
 * update is sent now or not at all). "Fixed" / "still there" are the reporter's alone: offered
 * only when the signed-in resident made this report (the proxy vouches for their address).
 * The form stays folded behind its heading's button (a disclosure) so that on a phone it does not
 * push following and the problems nearby a screen further down; opening it moves focus into it.
 * A link to #add-update arrives with it open.
 */
export function ResidentUpdateForm({ id }: { id: string }) {
  const { t, i18n } = useTranslation('resident-updates');
  const post = usePostResidentUpdate(id);
  const [description, setDescription] = useState('');
  const [name, setName] = useState('');
  const [showName, setShowName] = useState(false);
  const [email, setEmail] = useState('');
  const [photo, setPhoto] = useState<File>();
  const [state, setState] = useState<'fixed' | 'still_there' | ''>('');
  const ownReport = useIsOwnReport(id).data === true;
  const [problems, setProblems] = useState<Problems>({});
  const [offline, setOffline] = useState(false);
  // Reached as #add-update (the report form's "Still there? Add an update"): open, cursor in the text.
  const [open, setOpen] = useState(() => window.location.hash === '#add-update');
  const textRef = useRef<HTMLTextAreaElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const ids = { form: useId(), text: useId(), photo: useId(), name: useId(), show: useId(), email: useId() };

  // Opening the form takes the resident into it (on the first render only when reached as #add-update).
  useEffect(() => {
    if (open) textRef.current?.focus();
  }, [open]);

  const check = (): Problems => {
    const text = description.trim();
    const found: Problems = {};
    if (text.length < descriptionLength.min) found.description = t('errors.tooShort', { min: descriptionLength.min });
    else if (text.length > descriptionLength.max) found.description = t('errors.tooLong', { max: descriptionLength.max });
    else if (plainTextMistake(text)) found.description = t('errors.plainText');
    if (email.trim() && !looksLikeEmail(email.trim())) found.email = t('errors.email');
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setProblems(found);
    if (found.description) return textRef.current?.focus();
    if (found.email) return emailRef.current?.focus();
    // No outbox for updates: offline, say so rather than pretend it was sent.
    if (!navigator.onLine) return setOffline(true);
    setOffline(false);
    post.mutate({ description: description.trim(), photo, name: name.trim() || undefined, showName, email: email.trim() || undefined, state: ownReport && state ? state : undefined, locale: currentLanguage(i18n) });
  };

  const failure = post.isError
    ? isApiError(post.error) && post.error.kind === 'network'
      ? t('offline')
      : isApiError(post.error) && post.error.status === 429
        ? t('errors.tooMany')
        : isApiError(post.error) && (post.error.status === 400 || post.error.status === 413)
          ? t('errors.refused')
          : t('errors.failed')
    : offline
      ? t('offline')
      : undefined;

  return (
    <section id="add-update" className="resident-update request-section" aria-labelledby="add-update-heading">
      <h2 id="add-update-heading" className="request-section__title resident-update__heading">
        <button type="button" className="button button--secondary resident-update__toggle" aria-expanded={open} aria-controls={ids.form} onClick={() => setOpen(!open)}>
          {t('heading')}
        </button>
      </h2>
      <p className="resident-update__lead">{t('lead')}</p>
      {!open ? null : post.isSuccess ? (
        <p id={ids.form} role="status" className="resident-update__sent">
          {t('sent')}
        </p>
      ) : (
        <form id={ids.form} className="resident-update__form" onSubmit={submit} noValidate>
          <FormField id={ids.text} label={t('textLabel')} hint={t('textHint')} error={problems.description}>
            {(control) => (
              <textarea {...control} ref={textRef} className="input" rows={4} maxLength={descriptionLength.max} value={description} onChange={(event) => setDescription(event.target.value)} />
            )}
          </FormField>
          {ownReport ? (
            <fieldset className="resident-update__state">
              <legend>{t('stateLegend')}</legend>
              {(['', 'fixed', 'still_there'] as const).map((value) => (
                <label key={value || 'none'} className="resident-update__check">
                  <input type="radio" name={`${ids.text}-state`} value={value} checked={state === value} onChange={() => setState(value)} />
                  {t(value === '' ? 'stateNone' : value === 'fixed' ? 'stateFixed' : 'stateStillThere')}
                </label>
              ))}
            </fieldset>
          ) : null}
          <PhotoField
            id={ids.photo}
            photos={photo ? [photo] : []}
            max={1}
            onChange={(photos) => setPhoto(photos[0])}
            texts={{ label: t('photoLabel'), hint: t('photoHint'), chosen: (name) => t('photoChosen', { name }), remove: () => t('photoRemove') }}
          />
          <FormField id={ids.name} label={t('nameLabel')} hint={t('nameHint')}>
            {(control) => <input {...control} className="input" type="text" autoComplete="name" maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />}
          </FormField>
          <div className="resident-update__check">
            <input id={ids.show} type="checkbox" checked={showName} onChange={(event) => setShowName(event.target.checked)} />
            <label htmlFor={ids.show}>{t('showName')}</label>
          </div>
          <EmailField id={ids.email} label={t('emailLabel')} hint={t('emailHint')} error={problems.email} value={email} onChange={setEmail} inputRef={emailRef} />
          <button type="submit" className="button button--primary" disabled={post.isPending}>
            {post.isPending ? t('sending') : t('submit')}
          </button>
          {failure ? (
            <p role="alert" className="resident-update__error">
              {failure}
            </p>
          ) : null}
        </form>
      )}
    </section>
  );
}
