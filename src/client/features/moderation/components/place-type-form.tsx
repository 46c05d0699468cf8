import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { everyServiceType, useServiceList } from '../../../api/get-service-list';
import { Button } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FormField } from '../../../components/ui/form-field';
import { currentLanguage } from '../../../lib/i18n';
import type { ModerationDetail } from '../api/moderation-schema';
import { useRequestChange } from '../api/request-changes';
import { describeError, serverFieldErrors } from '../lib/describe-error';
import { useActionFeedback } from './action-feedback';
import { useConsoleSession } from './session-context';

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

function PlaceTypeFields({ item, moveErrors, moving, retyping, onMove, onRetype }: PlaceTypeFieldsProps) {
  const { t, i18n } = useTranslation('moderation');
  const types = useServiceList({ locale: currentLanguage(i18n), select: everyServiceType });
  const [lat, setLat] = useState(item.public.lat ?? '');
  const [long, setLong] = useState(item.public.long ?? '');
  const [serviceCode, setServiceCode] = useState(item.public.service_code);
  const ids = { lat: useId(), long: useId(), type: useId() };

  const submitMove = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    onMove({ lat: Number(lat), long: Number(long) });
  };
  const submitRetype = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    onRetype(serviceCode);
  };

  return (
    <>
      <form className="place-type-form__point" noValidate onSubmit={submitMove}>
        <FormField id={ids.lat} label={t('place.lat')} error={moveErrors.lat}>
          {(control) => <input {...control} className="input" inputMode="decimal" value={lat} onChange={(changeEvent) => setLat(changeEvent.target.value)} />}
        </FormField>
        <FormField id={ids.long} label={t('place.long')} error={moveErrors.long}>
          {(control) => <input {...control} className="input" inputMode="decimal" value={long} onChange={(changeEvent) => setLong(changeEvent.target.value)} />}
        </FormField>
        <Button type="submit" variant="secondary" disabled={moving}>
          {t('place.move')}
        </Button>
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
