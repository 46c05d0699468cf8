import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { alertRadiiMeters, type AlertFrequency, type AlertInput, type AlertKind, type AlertRadius } from '@/shared/alerts/wire';
import { bodyName } from '@/shared/bodies/wire';
import { useBodiesAt } from '../../../api/get-bodies';
import { useReverseGeocode } from '../../../api/geocoding';
import { FormField } from '../../../components/ui/form-field';
import { isApiError } from '../../../lib/http-client';
import { currentLanguage } from '../../../lib/i18n';
import { useSubscribeAlert } from '../api/subscribe-alert';
import { streetOf } from '../lib/street-of';
import '../../../styles/alerts.css';
import { EmailField, looksLikeEmail } from '../../../components/ui/email-field';
import { formatCoordinates } from '../../../lib/format-coordinates';

// Its own chunk: Leaflet arrives after the form's text.
const AreaMap = lazy(() => import('../../../components/map/area-map'));

/**
 * "Get alerts" for a point on the map: new published reports around it (a radius), on its street
 * (prefilled from the nearest address), or in the whole area of the body covering it; at once or
 * once a day. Nothing is sent but a confirmation until its link is opened.
 */
export function AlertForm({ lat, long, onMove }: { lat: number; long: number; onMove?: (point: { lat: number; long: number }) => void }) {
  const { t, i18n } = useTranslation('alerts');
  const language = currentLanguage(i18n);
  const subscribe = useSubscribeAlert();
  const nearest = useReverseGeocode({ lat, lon: long, lang: language });
  const bodies = useBodiesAt({ lat, long });
  const foundStreet = nearest.data ? streetOf(nearest.data.name) : undefined;

  const [kind, setKind] = useState<AlertKind>('point');
  const [radius, setRadius] = useState<AlertRadius>(500);
  const [street, setStreet] = useState<string>();
  const [bodyId, setBodyId] = useState<string>();
  const [frequency, setFrequency] = useState<AlertFrequency>('immediate');
  const [email, setEmail] = useState('');
  const [problems, setProblems] = useState<{ email?: string; street?: string }>({});
  const emailInput = useRef<HTMLInputElement>(null);
  const streetInput = useRef<HTMLInputElement>(null);
  const ids = { radius: useId(), street: useId(), body: useId(), email: useId() };

  const streetValue = street ?? foundStreet ?? '';
  const bodyList = bodies.data ?? [];
  const chosenBody = bodyId ?? bodyList[0]?.id;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    const found: typeof problems = {};
    if (kind === 'street' && streetValue.trim().length < 2) found.street = t('form.streetMissing');
    if (!looksLikeEmail(address)) found.email = t('form.invalidEmail');
    setProblems(found);
    if (found.street) return streetInput.current?.focus();
    if (found.email) return emailInput.current?.focus();
    const common = { email: address, frequency, locale: language };
    const input: AlertInput =
      kind === 'point'
        ? { kind, lat, long, radius_m: radius, ...common }
        : kind === 'street'
          ? { kind, street: streetValue.trim(), ...common }
          : { kind, body_id: chosenBody!, ...common };
    subscribe.mutate(input);
  };

  if (subscribe.isSuccess) {
    return (
      <div role="status" className="alert-form__sent">
        <h2>{t('sent.heading')}</h2>
        <p>{t('sent.text')}</p>
      </div>
    );
  }

  const failure = subscribe.isError
    ? isApiError(subscribe.error) && subscribe.error.status === 429
      ? t('form.tooMany')
      : isApiError(subscribe.error) && subscribe.error.status === 400
        ? t('form.refused')
        : t('form.error')
    : undefined;

  return (
    <form className="alert-form" onSubmit={submit} noValidate>
      <fieldset className="alert-form__kinds">
        <legend>{t('form.kindLegend')}</legend>
        <label className="alert-form__choice">
          <input type="radio" name="kind" value="point" checked={kind === 'point'} onChange={() => setKind('point')} />
          {t('form.kindPoint')}
        </label>
        {kind === 'point' ? (
          <div className="alert-form__detail">
            <label htmlFor={ids.radius}>{t('form.radiusLabel')}</label>
            <select id={ids.radius} className="input" value={radius} onChange={(event) => setRadius(Number(event.target.value) as AlertRadius)}>
              {alertRadiiMeters.map((metres) => (
                <option key={metres} value={metres}>
                  {metres >= 1000 ? t('form.kilometres', { count: metres / 1000 }) : t('form.metres', { count: metres })}
                </option>
              ))}
            </select>
            {/* The area drawn, and named in words for whoever does not see the map. */}
            <p className="alert-form__area-words">
              {t('form.areaAround', {
                distance: radius >= 1000 ? t('form.kilometres', { count: radius / 1000 }) : t('form.metres', { count: radius }),
                place: nearest.data?.name ?? formatCoordinates(lat, long, language),
              })}
            </p>
            <div className="alert-form__map">
              <Suspense fallback={null}>
                <AreaMap lat={lat} long={long} radiusMeters={radius} onMove={onMove} />
              </Suspense>
            </div>
            {onMove ? <p className="alert-form__map-hint">{t('form.mapHint')}</p> : null}
          </div>
        ) : null}
        <label className="alert-form__choice">
          <input type="radio" name="kind" value="street" checked={kind === 'street'} onChange={() => setKind('street')} />
          {t('form.kindStreet')}
        </label>
        {kind === 'street' ? (
          <FormField id={ids.street} label={t('form.streetLabel')} hint={t('form.streetHint')} error={problems.street} className="alert-form__detail">
            {(control) => (
              <input {...control} ref={streetInput} className="input" autoComplete="off" value={streetValue} onChange={(event) => setStreet(event.target.value)} />
            )}
          </FormField>
        ) : null}
        {bodyList.length > 0 ? (
          <label className="alert-form__choice">
            <input type="radio" name="kind" value="body" checked={kind === 'body'} onChange={() => setKind('body')} />
            {bodyList.length === 1 ? t('form.kindBodyNamed', { body: bodyName(bodyList[0]!, language) }) : t('form.kindBody')}
          </label>
        ) : null}
        {kind === 'body' && bodyList.length > 1 ? (
          <div className="alert-form__detail">
            <label htmlFor={ids.body}>{t('form.bodyLabel')}</label>
            <select id={ids.body} className="input" value={chosenBody} onChange={(event) => setBodyId(event.target.value)}>
              {bodyList.map((body) => (
                <option key={body.id} value={body.id}>
                  {bodyName(body, language)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </fieldset>

      <fieldset className="alert-form__frequency">
        <legend>{t('form.frequencyLegend')}</legend>
        <label className="alert-form__choice">
          <input type="radio" name="frequency" value="immediate" checked={frequency === 'immediate'} onChange={() => setFrequency('immediate')} />
          {t('form.immediate')}
        </label>
        <label className="alert-form__choice">
          <input type="radio" name="frequency" value="daily" checked={frequency === 'daily'} onChange={() => setFrequency('daily')} />
          {t('form.daily')}
        </label>
      </fieldset>

      <EmailField id={ids.email} label={t('form.emailLabel')} hint={t('form.privacy')} error={problems.email} value={email} onChange={setEmail} inputRef={emailInput} />
      <button type="submit" className="button button--primary" disabled={subscribe.isPending}>
        {subscribe.isPending ? t('form.sending') : t('form.submit')}
      </button>
      {failure ? (
        <p role="alert" className="alert-form__error">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
