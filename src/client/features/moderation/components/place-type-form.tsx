import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { everyServiceType, useServiceList } from '../../../api/get-service-list';
import { Button } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FormField } from '../../../components/ui/form-field';
import { usePlaceBody, type PlaceBody } from '../../../hooks/use-place-body';
import { currentLanguage } from '../../../lib/i18n';
import { bodyName } from '@/shared/bodies/wire';
import type { ModerationDetail } from '../api/moderation-schema';
import { useRequestChange } from '../api/request-changes';
import { describeError, serverFieldErrors } from '../lib/describe-error';
import { useActionFeedback } from './action-feedback';
import { useConsoleSession } from './session-context';
import { pointOfFields, usePlaceReadBack } from './use-place-read-back';

/**
 * Moves the pin (WGS84 degrees) or files the report under another type; each change is audited.
 * The confirmation lives here, outside the fields: they start again from the answer (keyed on
 * the place and type), and a message kept inside them would go with the old ones.
 */
export function PlaceTypeForm({ item }: { item: ModerationDetail }) {
  const { t, i18n } = useTranslation('moderation');
  const locale = currentLanguage(i18n);
  const { session } = useConsoleSession();
  const move = useRequestChange({ id: item.service_request_id, csrfToken: session.csrfToken, locale });
  const retype = useRequestChange({ id: item.service_request_id, csrfToken: session.csrfToken, locale });
  const feedback = useActionFeedback();

  const onMove = (point: { lat: number; long: number }) => {
    feedback.clear();
    move.mutate({ kind: 'move', ...point }, { onSuccess: () => feedback.show(t('place.moved')) });
  };
  const onRetype = (serviceCode: string) => {
    feedback.clear();
    retype.mutate({ kind: 'service-type', service_code: serviceCode }, { onSuccess: () => feedback.show(t('place.retyped')) });
  };
  const moveErrors = move.isError ? serverFieldErrors(move.error, t) : {};
  const failed = move.isError && !moveErrors.lat && !moveErrors.long ? move.error : retype.isError ? retype.error : null;

  return (
    <div className="place-type-form">
      {feedback.element}
      {failed ? <ErrorNotice message={describeError(failed, t)} /> : null}
      <PlaceTypeFields
        key={`${item.public.lat},${item.public.long},${item.public.service_code}`}
        item={item}
        moveErrors={moveErrors}
        moving={move.isPending}
        retyping={retype.isPending}
        onMove={onMove}
        onRetype={onRetype}
      />
    </div>
  );
}

interface PlaceTypeFieldsProps {
  item: ModerationDetail;
  moveErrors: Record<string, string>;
  moving: boolean;
  retyping: boolean;
  onMove: (point: { lat: number; long: number }) => void;
  onRetype: (serviceCode: string) => void;
}

// Leaflet comes with the review page's map only.
const PinMap = lazy(() => import('./pin-map'));

/** A point typed in the fields, once both are numbers of the world and it is not where the report is. */
function typedPoint(lat: string, long: string, item: ModerationDetail): { lat: number; long: number } | undefined {
  const point = pointOfFields(lat, long);
  return point && !(point.lat === Number(item.public.lat) && point.long === Number(item.public.long)) ? point : undefined;
}

const bodyId = (placeBody: PlaceBody) => (placeBody.kind === 'covered' && !placeBody.typeNotHandled ? placeBody.body.id : undefined);

function PlaceTypeFields({ item, moveErrors, moving, retyping, onMove, onRetype }: PlaceTypeFieldsProps) {
  const { t, i18n } = useTranslation('moderation');
  const locale = currentLanguage(i18n);
  const types = useServiceList({ locale, select: everyServiceType });
  const [lat, setLat] = useState(item.public.lat ?? '');
  const [long, setLong] = useState(item.public.long ?? '');
  const [serviceCode, setServiceCode] = useState(item.public.service_code);
  const [confirming, setConfirming] = useState(false);
  const questionRef = useRef<HTMLParagraphElement>(null);
  const ids = { lat: useId(), long: useId(), type: useId(), question: useId() };

  // Which body has the report now, and which would at the typed place: named before saving.
  const current = item.public.lat && item.public.long ? { lat: Number(item.public.lat), long: Number(item.public.long) } : undefined;
  const point = typedPoint(lat, long, item);
  const bodyNow = usePlaceBody(current, item.public.service_code);
  const { bodyThere, words: readBack } = usePlaceReadBack(point, item.public.service_code);
  const movesToBody = point && bodyThere.kind === 'covered' && !bodyThere.typeNotHandled && bodyId(bodyNow) !== undefined && bodyId(bodyThere) !== bodyId(bodyNow) ? bodyThere.body : undefined;

  useEffect(() => {
    if (confirming) questionRef.current?.focus();
  }, [confirming]);

  const submitMove = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    if (movesToBody && !confirming) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    onMove({ lat: Number(lat.replace(',', '.')), long: Number(long.replace(',', '.')) });
  };
  const submitRetype = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    onRetype(serviceCode);
  };
  const edit = (set: (value: string) => void) => (value: string) => {
    setConfirming(false);
    set(value);
  };
  // Six decimals: about 10 cm, as the report form keeps a pin.
  const movePin = (moved: { lat: number; long: number }) => {
    setConfirming(false);
    setLat(moved.lat.toFixed(6));
    setLong(moved.long.toFixed(6));
  };
  const pin = point ?? current;


  return (
    <>
      <form className="place-type-form__point" noValidate onSubmit={submitMove}>
        {pin ? (
          <div className="place-type-form__map">
            <Suspense fallback={null}>
              <PinMap pin={pin} onMove={movePin} label={t('place.mapLabel')} pinLabel={t('place.pinLabel')} />
            </Suspense>
          </div>
        ) : null}
        <FormField id={ids.lat} label={t('place.lat')} error={moveErrors.lat}>
          {(control) => <input {...control} className="input" inputMode="decimal" value={lat} onChange={(changeEvent) => edit(setLat)(changeEvent.target.value)} />}
        </FormField>
        <FormField id={ids.long} label={t('place.long')} error={moveErrors.long}>
          {(control) => <input {...control} className="input" inputMode="decimal" value={long} onChange={(changeEvent) => edit(setLong)(changeEvent.target.value)} />}
        </FormField>
        {/* Where the pin is now and whose it would be, read back as it moves. */}
        <p className="review-panel__hint place-type-form__body" aria-live="polite">
          {readBack}
        </p>
        {confirming && movesToBody ? (
          <div className="console-confirm" role="group" aria-labelledby={ids.question}>
            <p id={ids.question} ref={questionRef} tabIndex={-1} className="console-confirm__question">
              {t('place.confirmOtherBody', { body: bodyName(movesToBody, locale) })}
            </p>
            <div className="console-confirm__buttons">
              <Button type="submit" disabled={moving}>
                {t('place.moveToBody', { body: bodyName(movesToBody, locale) })}
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                {t('place.keepHere')}
              </Button>
            </div>
          </div>
        ) : (
          <Button type="submit" variant="secondary" disabled={moving}>
            {t('place.move')}
          </Button>
        )}
      </form>
      <form className="place-type-form__type" onSubmit={submitRetype}>
        <FormField id={ids.type} label={t('place.type')}>
          {(control) => (
            <select {...control} className="input" value={serviceCode} onChange={(changeEvent) => setServiceCode(changeEvent.target.value)}>
              {(types.data ?? []).some((type) => type.service_code === serviceCode) ? null : <option value={serviceCode}>{item.public.service_name || serviceCode}</option>}
              {(types.data ?? []).map((type) => (
                <option key={type.service_code} value={type.service_code}>
                  {type.service_name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <Button type="submit" variant="secondary" disabled={retyping || serviceCode === item.public.service_code}>
          {t('place.retype')}
        </Button>
      </form>
    </>
  );
}
