/**
 * The whole reporting flow: six steps on one page, then the confirmation. The form's values are
 * kept as a draft at every change; sending lives in useReportSubmission, focus moves in
 * report-focus, and the end of the form (problems, progress, buttons) in SendSection.
 */
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { everyServiceType, useServiceList } from '../../../api/get-service-list';
import { currentLanguage } from '../../../lib/i18n';
import { clearDraftFields, hasContent, loadDraftFields, saveDraftFields } from '../draft/draft-fields-store';
import { useReportSubmission } from '../hooks/use-report-submission';
import { useDraftPhotos } from '../photos/use-draft-photos';
import { formatDateTime } from '../lib/format';
import { placeFromValues, positionOf, valuesFromPlace, type ChosenPlace } from '../lib/place';
import { emptyReportValues, errorTargetOf, errorTargetOrder, type ErrorTarget, type ReportField, type ReportFormValues } from '../validation/report-form-values';
import { reportResolver } from '../validation/report-resolver';
import { translateValidationMessage } from '../validation/translate-message';
import { ContactStep } from './contact-step';
import { DescriptionStep } from './description-step';
import { LocationStep } from './location-step';
import { NearbyRequests } from './nearby-requests';
import { PhotoStep } from './photo-step';
import { ReportConfirmation } from './report-confirmation';
import { DRAFT_STATUS_ID, START_HEADING_ID, useFocusRequest } from './report-focus';
import { ReportStep } from './report-step';
import { SendSection } from './send-section';
import { ServiceTypePicker } from './service-type-picker';

export interface ReportFlowProps {
  /** A service type chosen before arriving (the home page's list links with ?type=). */
  initialServiceCode?: string;
}

const locationFields = ['lat', 'long', 'service_object_id', 'service_object_type'] as const;
const contactFields = ['email', 'first_name', 'last_name', 'phone'] as const;

function initialValues(initialServiceCode: string | undefined): { values: ReportFormValues; restoredAt?: string } {
  const draft = loadDraftFields();
  const values = { ...emptyReportValues, ...draft?.values };
  if (!values.service_code && initialServiceCode) values.service_code = initialServiceCode;
  return { values, restoredAt: draft?.savedAt };
}

export function ReportFlow({ initialServiceCode }: ReportFlowProps) {
  const { t, i18n } = useTranslation('report');
  const locale = currentLanguage(i18n);
  const [start] = useState(() => initialValues(initialServiceCode));
  const form = useForm<ReportFormValues>({ defaultValues: start.values, resolver: reportResolver, shouldFocusError: false });
  const { register, control, setValue, clearErrors, reset, trigger, formState } = form;
  const errors = formState.errors;
  const watched = useWatch({ control });
  const values = { ...emptyReportValues, ...watched } as ReportFormValues;

  const photos = useDraftPhotos();
  const [draftStatus, setDraftStatus] = useState<'restored' | 'discarded' | undefined>(start.restoredAt ? 'restored' : undefined);
  const requestFocus = useFocusRequest();
  const submission = useReportSubmission({ form, photos, locale, requestFocus, onSent: () => setDraftStatus(undefined) });
  const { photoError } = submission;

  // Every change is kept at once: a reload, a crash or a closed tab loses nothing.
  useEffect(() => {
    const subscription = form.watch((current) => saveDraftFields(current as ReportFormValues));
    return () => subscription.unsubscribe();
  }, [form]);

  const serviceTypes = useServiceList({ locale, select: everyServiceType });
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

  const discard = async () => {
    clearDraftFields();
    await photos.clear();
    reset(emptyReportValues);
    submission.clearProblems();
    setDraftStatus('discarded');
    requestFocus('draft-status');
  };

  if (submission.sent) {
    return (
      <ReportConfirmation
        created={submission.sent.report}
        gaveEmail={submission.sent.gaveEmail}
        onReportAnother={() => {
          submission.startAnother();
          requestFocus('start');
        }}
      />
    );
  }

  const busy = submission.busy;

  return (
    <form className="report-form" noValidate onSubmit={submission.submit} aria-busy={busy}>
      <div id={DRAFT_STATUS_ID} className="report-form__draft-status" tabIndex={-1} role="status">
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

      <SendSection
        general={submission.general}
        summaryItems={submission.showFieldSummary ? fieldErrorsByTarget : []}
        busy={busy}
        progress={submission.progress}
        photosProcessing={photos.processing}
        hasDraft={hasContent(values) || photos.items.length > 0}
        onDiscard={() => void discard()}
      />
    </form>
  );
}
