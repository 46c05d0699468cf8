import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import type { UploadProgress as Progress } from '../../../lib/http-client';
import { currentLanguage } from '../../../lib/i18n';
import { useCreateServiceRequest, type CreatedReport } from '../api/create-service-request';
import { useServiceTypes } from '../api/get-service-types';
import { clearDraftFields, hasContent, loadDraftFields, saveDraftFields } from '../draft/draft-fields-store';
import { useDraftPhotos } from '../photos/use-draft-photos';
import { formatDateTime } from '../utils/format';
import { placeFromValues, positionOf, valuesFromPlace, type ChosenPlace } from '../utils/place';
import { interpretSendError, type GeneralProblem } from '../utils/send-error';
import { emptyReportValues, errorTargetOf, errorTargetOrder, type ErrorTarget, type ReportField, type ReportFormValues } from '../validation/report-form-values';
import { reportResolver } from '../validation/report-resolver';
import { translateValidationMessage } from '../validation/translate-message';
import { ContactStep } from './contact-step';
import { DescriptionStep } from './description-step';
import { DiscardDraft } from './discard-draft';
import { LOCATION_FOCUS_ID, LocationStep } from './location-step';
import { NearbyRequests } from './nearby-requests';
import { PHOTOS_FOCUS_ID, PhotoStep } from './photo-step';
import { ReportConfirmation } from './report-confirmation';
import { ReportStep } from './report-step';
import { SERVICE_TYPE_SEARCH_ID, ServiceTypePicker } from './service-type-picker';
import { UploadProgress } from './upload-progress';

export interface ReportFlowProps {
  /** A service type chosen before arriving (the home page's list links with ?type=). */
  initialServiceCode?: string;
}

const START_HEADING_ID = 'report-step-type';
const PROBLEMS_ID = 'report-problems';
const locationFields = ['lat', 'long', 'service_object_id', 'service_object_type'] as const;
const contactFields = ['email', 'first_name', 'last_name', 'phone'] as const;

type FocusRequest = ErrorTarget | 'problems' | 'start' | 'draft-status';

function initialValues(initialServiceCode: string | undefined): { values: ReportFormValues; restoredAt?: string } {
  const draft = loadDraftFields();
  const values = { ...emptyReportValues, ...draft?.values };
  if (!values.service_code && initialServiceCode) values.service_code = initialServiceCode;
  return { values, restoredAt: draft?.savedAt };
}

function focusTarget(target: FocusRequest): void {
  const byId = (id: string) => document.getElementById(id)?.focus();
  switch (target) {
    case 'service_code': {
      const radio =
        document.querySelector<HTMLInputElement>('.report-form input[name="service_code"]:checked') ??
        document.querySelector<HTMLInputElement>('.report-form input[name="service_code"]');
      if (radio) radio.focus();
      else byId(SERVICE_TYPE_SEARCH_ID);
      return;
    }
    case 'location':
      return byId(LOCATION_FOCUS_ID);
    case 'photos':
      return byId(PHOTOS_FOCUS_ID);
    case 'problems':
      return byId(PROBLEMS_ID);
    case 'start':
      return byId(START_HEADING_ID);
    case 'draft-status':
      return byId('report-draft-status');
    default:
      // Within the form: the page head has a <meta name="description"> too.
      document.querySelector<HTMLElement>(`.report-form [name="${target}"]`)?.focus();
  }
}

/** The whole reporting flow: six steps on one page, then the confirmation. */
export function ReportFlow({ initialServiceCode }: ReportFlowProps) {
  const { t, i18n } = useTranslation('report');
  const locale = currentLanguage(i18n);
  const [start] = useState(() => initialValues(initialServiceCode));
  const form = useForm<ReportFormValues>({ defaultValues: start.values, resolver: reportResolver, shouldFocusError: false });
  const { register, control, setValue, handleSubmit, setError, clearErrors, reset, trigger, formState } = form;
  const errors = formState.errors;
  const watched = useWatch({ control });
  const values = { ...emptyReportValues, ...watched } as ReportFormValues;

  const photos = useDraftPhotos();
  const [progress, setProgress] = useState<Progress>();
  const sending = useCreateServiceRequest(setProgress);
  const [created, setCreated] = useState<{ report: CreatedReport; gaveEmail: boolean }>();
  const [photoError, setPhotoError] = useState<string>();
  const [general, setGeneral] = useState<GeneralProblem[]>([]);
  const [showFieldSummary, setShowFieldSummary] = useState(false);
  const [draftStatus, setDraftStatus] = useState<'restored' | 'discarded' | undefined>(start.restoredAt ? 'restored' : undefined);
  const [focusRequest, setFocusRequest] = useState<{ target: FocusRequest; seq: number }>();
  const requestFocus = (target: FocusRequest) => setFocusRequest((previous) => ({ target, seq: (previous?.seq ?? 0) + 1 }));

  // Every change is kept at once: a reload, a crash or a closed tab loses nothing.
  useEffect(() => {
    const subscription = form.watch((current) => saveDraftFields(current as ReportFormValues));
    return () => subscription.unsubscribe();
  }, [form]);

  // Focus moves after the render that shows what it points at (an error, the summary).
  useEffect(() => {
    if (focusRequest) focusTarget(focusRequest.target);
  }, [focusRequest]);

  const serviceTypes = useServiceTypes({ locale });
  const serviceName = serviceTypes.data?.find((serviceType) => serviceType.service_code === values.service_code)?.service_name;
  const place = placeFromValues(values);

  const shown = (field: ReportField): string | undefined => {
    const message = errors[field]?.message;
    return message ? translateValidationMessage(i18n, message, field) : undefined;
  };
  const locationError = locationFields.map(shown).find(Boolean);
  const fieldErrorsByTarget = useMemo(() => {
    const byTarget = new Map<ErrorTarget, string>();
    for (const [field, error] of Object.entries(errors)) {
      const target = errorTargetOf(field);
      if (target && error?.message && !byTarget.has(target)) byTarget.set(target, translateValidationMessage(i18n, error.message, field));
    }
    if (photoError) byTarget.set('photos', translateValidationMessage(i18n, photoError, 'media'));
    return errorTargetOrder.flatMap((target) => (byTarget.has(target) ? [{ target, message: byTarget.get(target)! }] : []));
  }, [errors, photoError, i18n]);

  const changePlace = (next: ChosenPlace) => {
    for (const [field, value] of Object.entries(valuesFromPlace(next))) {
      setValue(field as keyof ReportFormValues, value, { shouldDirty: true });
    }
    clearErrors([...locationFields]);
    if (formState.isSubmitted) void trigger([...locationFields]);
  };

  const generalText = (problem: GeneralProblem): string => {
    switch (problem.kind) {
      case 'message':
        return translateValidationMessage(i18n, problem.text);
      case 'rateLimited':
        return problem.seconds ? t('send.rateLimitedSeconds', { count: problem.seconds }) : t('send.rateLimited');
      case 'network':
        return t('send.networkError');
      case 'server':
        return t('send.serverError');
    }
  };

  const onValid = async (submitted: ReportFormValues) => {
    setGeneral([]);
    setPhotoError(undefined);
    setShowFieldSummary(false);
    setProgress(undefined);
    try {
      const report = await sending.mutateAsync({ values: submitted, photos: photos.items.map((item) => item.blob), locale });
      clearDraftFields();
      await photos.clear();
      setCreated({ report, gaveEmail: submitted.email.trim() !== '' });
      setDraftStatus(undefined);
      reset(emptyReportValues);
    } catch (error) {
      // Nothing is cleared: every field and photo stays as it was for the next try.
      const failure = interpretSendError(error);
      for (const [target, message] of Object.entries(failure.fieldMessages) as [ErrorTarget, string][]) {
        if (target === 'photos') setPhotoError(message);
        else setError(target === 'location' ? 'lat' : target, { type: 'server', message });
      }
      setGeneral(failure.general);
      const first = errorTargetOrder.find((target) => failure.fieldMessages[target] !== undefined);
      setShowFieldSummary(first !== undefined);
      requestFocus(failure.general.length > 0 || !first ? 'problems' : first);
    }
  };

  const onInvalid = (invalid: Partial<Record<string, unknown>>) => {
    setGeneral([]);
    setShowFieldSummary(true);
    const targets = new Set(Object.keys(invalid).map(errorTargetOf));
    const first = errorTargetOrder.find((target) => targets.has(target));
    requestFocus(first ?? 'problems');
  };

  const discard = async () => {
    clearDraftFields();
    await photos.clear();
    reset(emptyReportValues);
    setGeneral([]);
    setPhotoError(undefined);
    setShowFieldSummary(false);
    setDraftStatus('discarded');
    requestFocus('draft-status');
  };

  if (created) {
    return (
      <ReportConfirmation
        created={created.report}
        gaveEmail={created.gaveEmail}
        onReportAnother={() => {
          setCreated(undefined);
          sending.reset();
          requestFocus('start');
        }}
      />
    );
  }

  const hasDraft = hasContent(values) || photos.items.length > 0;
  const busy = sending.isPending;
  const summaryItems = showFieldSummary ? fieldErrorsByTarget : [];

  return (
    <form className="report-form" noValidate onSubmit={handleSubmit(onValid, onInvalid)} aria-busy={busy}>
      <div id="report-draft-status" className="report-form__draft-status" tabIndex={-1} role="status">
        {draftStatus === 'restored' && start.restoredAt ? (
          <p className="notice">{t('draft.restored', { date: formatDateTime(start.restoredAt, locale) })}</p>
        ) : null}
        {draftStatus === 'discarded' ? <p className="notice">{t('draft.discarded')}</p> : null}
      </div>

      <ReportStep number={1} title={t('steps.type')} headingId={START_HEADING_ID}>
        <ServiceTypePicker registration={register('service_code')} selectedCode={values.service_code} error={shown('service_code')} />
      </ReportStep>

      <ReportStep number={2} title={t('steps.place')}>
        <LocationStep
          place={place}
          onPlaceChange={changePlace}
          error={locationError}
          addressRegistration={register('address_string')}
          addressError={shown('address_string')}
        />
      </ReportStep>

      <ReportStep number={3} title={t('steps.nearby')}>
        <NearbyRequests serviceCode={values.service_code} serviceName={serviceName} position={positionOf(place)} />
      </ReportStep>

      <ReportStep number={4} title={t('steps.describe')}>
        <DescriptionStep
          titleRegistration={register('title')}
          descriptionRegistration={register('description')}
          description={values.description}
          titleError={shown('title')}
          descriptionError={shown('description')}
        />
      </ReportStep>

      <ReportStep number={5} title={t('steps.photos')} note={t('steps.optional')}>
        <PhotoStep photos={photos} error={photoError ? translateValidationMessage(i18n, photoError, 'media') : undefined} />
      </ReportStep>

      <ReportStep number={6} title={t('steps.contact')} note={t('steps.optional')}>
        <ContactStep register={register} errors={Object.fromEntries(contactFields.map((field) => [field, shown(field)]))} />
      </ReportStep>

      <section className="report-send" aria-label={t('send.regionLabel')}>
        <div id={PROBLEMS_ID} tabIndex={-1} className="report-send__problems">
          {general.length > 0 ? (
            <div className="notice notice--error" role="alert">
              <p>{t('send.failedTitle')}</p>
              <ul>
                {general.map((problem, index) => (
                  <li key={index}>{generalText(problem)}</li>
                ))}
              </ul>
              <p>{t('send.nothingLost')}</p>
            </div>
          ) : null}
          {summaryItems.length > 0 ? (
            <div className="notice notice--error error-summary">
              <p>{t('send.fixTitle', { count: summaryItems.length })}</p>
              <ul>
                {summaryItems.map(({ target, message }) => (
                  <li key={target}>
                    <button type="button" className="link-button" onClick={() => focusTarget(target)}>
                      {message}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
        {busy ? <UploadProgress progress={progress} /> : null}
        <div className="report-send__actions">
          <Button type="submit" disabled={busy || photos.processing > 0}>
            {busy ? t('send.buttonSending') : photos.processing > 0 ? t('send.buttonWaitPhotos') : t('send.button')}
          </Button>
          {hasDraft && !busy ? <DiscardDraft onDiscard={() => void discard()} /> : null}
        </div>
      </section>
    </form>
  );
}
