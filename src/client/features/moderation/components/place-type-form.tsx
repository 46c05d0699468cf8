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

/** Moves the pin (WGS84 degrees) or files the report under another type; each change is audited. */
export function PlaceTypeForm({ item }: { item: ModerationDetail }) {
  const { t, i18n } = useTranslation('moderation');
  const locale = currentLanguage(i18n);
  const { session } = useConsoleSession();
  const move = useRequestChange({ id: item.service_request_id, csrfToken: session.csrfToken, locale });
  const retype = useRequestChange({ id: item.service_request_id, csrfToken: session.csrfToken, locale });
  const types = useServiceList({ locale, select: everyServiceType });
  const feedback = useActionFeedback();
  const [lat, setLat] = useState(item.public.lat ?? '');
  const [long, setLong] = useState(item.public.long ?? '');
  const [serviceCode, setServiceCode] = useState(item.public.service_code);
  const ids = { lat: useId(), long: useId(), type: useId() };

  const onMove = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    feedback.clear();
    move.mutate({ kind: 'move', lat: Number(lat), long: Number(long) }, { onSuccess: () => feedback.show(t('place.moved')) });
  };
  const onRetype = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    feedback.clear();
    retype.mutate({ kind: 'service-type', service_code: serviceCode }, { onSuccess: () => feedback.show(t('place.retyped')) });
  };
  const moveErrors = move.isError ? serverFieldErrors(move.error, t) : {};
  const failed = move.isError && !moveErrors.lat && !moveErrors.long ? move.error : retype.isError ? retype.error : null;

  return (
    <div className="place-type-form">
      {feedback.element}
      {failed ? <ErrorNotice message={describeError(failed, t)} /> : null}
      <form className="place-type-form__point" noValidate onSubmit={onMove}>
        <FormField id={ids.lat} label={t('place.lat')} error={moveErrors.lat}>
          {(control) => <input {...control} className="input" inputMode="decimal" value={lat} onChange={(changeEvent) => setLat(changeEvent.target.value)} />}
        </FormField>
        <FormField id={ids.long} label={t('place.long')} error={moveErrors.long}>
          {(control) => <input {...control} className="input" inputMode="decimal" value={long} onChange={(changeEvent) => setLong(changeEvent.target.value)} />}
        </FormField>
        <Button type="submit" variant="secondary" disabled={move.isPending}>
          {t('place.move')}
        </Button>
      </form>
      <form className="place-type-form__type" onSubmit={onRetype}>
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
        <Button type="submit" variant="secondary" disabled={retype.isPending || serviceCode === item.public.service_code}>
          {t('place.retype')}
        </Button>
      </form>
    </div>
  );
}
