/**
 * The whole reporting flow: six steps on one page, then the confirmation. The form's values are
 * kept as a draft at every change; sending lives in useReportSubmission, focus moves in
 * report-focus, and the end of the form (problems, progress, buttons) in SendSection.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { everyServiceType, useServiceList } from '../../../api/get-service-list';
import { currentLanguage } from '../../../lib/i18n';
import { clearDraftFields, hasContent, loadDraftFields, saveDraftFields } from '../draft/draft-fields-store';
import { useReportSubmission } from '../hooks/use-report-submission';
import { useResidentContact } from '../hooks/use-resident-contact';
import { useDraftPhotos } from '../photos/use-draft-photos';
import { formatDateTime } from '../lib/format';
import { placeFromValues, positionOf, valuesFromPlace, withFoundAddress, type ChosenPlace, type LatLong } from '../lib/place';
import { reportSentPath, type SentState } from '../lib/sent-report';
import { formatCoordinates } from '../../../lib/format-coordinates';
import { useOnlineStatus } from '../../../hooks/use-online-status';
import { showQueuedReport } from './report-outbox';
import { emptyReportValues, errorTargetOf, errorTargetOrder, type ErrorTarget, type ReportField, type ReportFormValues } from '../validation/report-form-values';
import { withQuestions } from '../validation/report-resolver';
import { useServiceQuestions } from '../api/get-service-definition';
import type { AttributeProblemKind } from '@/shared/georeport/attribute-rules';
import type { ServiceQuestion } from '../../../lib/service-questions';
import { QuestionFields, questionErrorText } from '../../../components/questions/question-fields';
import { useReportChecks } from '../validation/use-report-checks';
import { ContactStep } from './contact-step';
import { DescriptionStep } from './description-step';
import { LocationStep } from './location-step';
import { NearbyRequests } from './nearby-requests';
import { PhotoStep } from './photo-step';
import { DRAFT_STATUS_ID, START_HEADING_ID, useFocusRequest } from './report-focus';
import { DESCRIBE_HEADING_ID, ReportStep } from './report-step';
import { SendSection } from './send-section';
import { ReportBodyNote } from './report-body-note';
import { NotOursNote } from './not-ours-note';
import { usePlaceBody } from '../../../hooks/use-place-body';
import { usePlaceNotOurs } from '../../../hooks/use-place-not-ours';
import { useNearbyReports } from '../hooks/use-nearby-reports';
import { useAssetLayerFor } from '../api/asset-layers';
import { answersOfAsset, chosenAssetId } from '../lib/assets';
import { bodyName } from '@/shared/bodies/wire';
import { ServiceTypePicker } from './service-type-picker';

export interface ReportFlowProps {
  /** A service type chosen before arriving (the home page's list links with ?type=). */
  initialServiceCode?: string;
  /** A pin set before arriving (/report?lat=&lon=, "Report a problem here" on the map): replaces the draft's place. */
  initialPoint?: LatLong;
}

const locationFields = ['lat', 'long', 'service_object_id', 'service_object_type'] as const;
const contactFields = ['email', 'first_name', 'last_name', 'phone'] as const;

function initialValues(
  initialServiceCode: string | undefined,
  initialPoint: LatLong | undefined,
): { values: ReportFormValues; restoredAt?: string; sending: boolean } {
  const draft = loadDraftFields();
  let values = { ...emptyReportValues, ...draft?.values };
  if (!values.service_code && initialServiceCode) values.service_code = initialServiceCode;
  // Its address is looked up once the location step shows the pin.
  if (initialPoint) values = { ...values, ...valuesFromPlace({ kind: 'point', ...initialPoint }, values) };
  return { values, restoredAt: draft?.savedAt, sending: draft?.sending ?? false };
}

/** The fields the form lays itself out from (the type, its answers, the place); see `watched` below. */
const flowFields = ['service_code', 'answers', 'lat', 'long', 'service_object_id', 'service_object_type', 'service_object_name', 'found_address'] as const;
type FlowValues = Pick<ReportFormValues, (typeof flowFields)[number]>;

export function ReportFlow({ initialServiceCode, initialPoint }: ReportFlowProps) {
  const { t, i18n } = useTranslation('report');
  const locale = currentLanguage(i18n);
  const online = useOnlineStatus();
  const navigate = useNavigate();
  const [start] = useState(() => initialValues(initialServiceCode, initialPoint));
  // The questions load after the type is chosen; the resolver and the sending read the latest.
  const questionsRef = useRef<readonly ServiceQuestion[]>([]);
  const [resolver] = useState(() => withQuestions(() => questionsRef.current));
  const form = useForm<ReportFormValues>({ defaultValues: start.values, resolver, shouldFocusError: false });
  const { register, control, setValue, getValues, clearErrors, reset, trigger, formState } = form;
  const errors = formState.errors;
  // Only what the form lays itself out from: a key typed in the description, the title or the
  // contact fields renders that field's step, not the whole form (each key rendered all of it).
  const watched = useWatch({ control, name: flowFields });
  const values = Object.fromEntries(flowFields.map((field, index) => [field, watched[index] ?? emptyReportValues[field]])) as FlowValues;
  const [hasFields, setHasFields] = useState(() => hasContent(start.values));

  useResidentContact(form);
  const photos = useDraftPhotos();
  const [draftStatus, setDraftStatus] = useState<'restored' | 'discarded' | undefined>(start.restoredAt ? 'restored' : undefined);
  const requestFocus = useFocusRequest();
  const submission = useReportSubmission({
    form,
    photos,
    locale,
    requestFocus,
    questions: () => questionsRef.current,
    interrupted: start.sending,
    onSent: (sent) => {
      setDraftStatus(undefined);
      const state: SentState = { gaveEmail: sent.gaveEmail, notice: sent.report.service_notice };
      void navigate(reportSentPath(sent.report.service_request_id), { state });
    },
    queueLabel: () => {
      const { address_string: address, lat, long } = getValues();
      const coordinates = lat && long ? formatCoordinates(Number(lat), Number(long), locale) : '';
      return { serviceName: serviceName ?? '', place: address.trim() || coordinates };
    },
    onQueued: (queued) => {
      setDraftStatus(undefined);
      showQueuedReport(queued.id);
    },
  });
  const { photoError } = submission;
  // Messages exist only once the checks have arrived (they come from a check or a sent report's answer).
  const checks = useReportChecks();
  const translate = useCallback((message: string, field: string) => (checks ? checks.translateValidationMessage(i18n, message, field) : message), [checks, i18n]);

  // Every change is kept at once: a reload, a crash or a closed tab loses nothing.
  useEffect(() => {
    const subscription = form.watch((current) => {
      saveDraftFields(current as ReportFormValues);
      // Renders only when it turns: the form has something to discard, or no longer has.
      setHasFields(hasContent(current as ReportFormValues));
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const serviceTypes = useServiceList({ locale, select: everyServiceType });
  const selectedType = serviceTypes.data?.find((serviceType) => serviceType.service_code === values.service_code);
  const serviceName = selectedType?.service_name;
  const questionsQuery = useServiceQuestions({ code: values.service_code, locale, enabled: selectedType?.metadata === true });
  const questions = useMemo(() => (selectedType?.metadata ? (questionsQuery.data ?? []) : []), [selectedType, questionsQuery.data]);
  questionsRef.current = questions;
  const answerErrors = (errors.answers ?? {}) as Partial<Record<string, { message?: string }>>;
  const answerProblems = Object.fromEntries(
    Object.entries(answerErrors).flatMap(([code, error]) => (error?.message ? [[code, error.message as AttributeProblemKind]] : [])),
  );
  const place = placeFromValues(values);
  const reportBody = usePlaceBody(positionOf(place), values.service_code);
  const nearby = useNearbyReports(positionOf(place), values.service_code);
  // The type's asset layer: the asset chosen on the map answers the questions the layer fills.
  const assetLayer = useAssetLayerFor(values.service_code, locale);
  const assetId = assetLayer ? chosenAssetId(assetLayer, values.answers) : null;
  const bodyLabel = reportBody.kind === 'covered' ? bodyName(reportBody.body, locale) : undefined;
  const notOurs = usePlaceNotOurs(positionOf(place), values.service_code, locale);
  const allowedNames =
    notOurs.kind === 'not-ours' ? (serviceTypes.data ?? []).filter((type) => notOurs.place.allowed_services.includes(type.service_code)).map((type) => type.service_name) : [];
  // Someone else's place comes first: its message says whom to contact, whichever body is around it.
  const blocked =
    notOurs.kind === 'not-ours' && notOurs.typeNotAllowed
      ? t('notOurs.sendBlocked', { place: notOurs.place.name })
      : reportBody.kind === 'outside'
        ? t('body.sendOutside')
        : reportBody.kind === 'covered' && reportBody.typeNotHandled
          ? t('body.sendTypeNotHandled', { body: bodyLabel })
          : assetLayer?.required && assetId === null
            ? t('assets.sendNeedsOne', { layer: assetLayer.name })
            : undefined;

  const shown = (field: ReportField): string | undefined => {
    const message = errors[field]?.message;
    return message ? translate(message, field) : undefined;
  };
  const locationError = locationFields.map(shown).find(Boolean);
  const fieldErrorsByTarget = useMemo(() => {
    const byTarget = new Map<ErrorTarget, string>();
    for (const [field, error] of Object.entries(errors)) {
      const target = errorTargetOf(field);
      const message = error?.message;
      if (target && typeof message === 'string' && message && !byTarget.has(target)) byTarget.set(target, translate(message, field));
    }
    if (photoError) byTarget.set('photos', translate(photoError, 'media'));
    const firstUnanswered = questions.find((question) => answerProblems[question.code]);
    if (firstUnanswered) {
      byTarget.set('answers', `${firstUnanswered.description}: ${questionErrorText(t, firstUnanswered, answerProblems[firstUnanswered.code]!, locale)}`);
    }
    return errorTargetOrder.flatMap((target) => (byTarget.has(target) ? [{ target, message: byTarget.get(target)! }] : []));
  }, [errors, photoError, translate, questions, t, locale]);

  const setValues = (changes: Partial<ReportFormValues>) => {
    for (const [field, value] of Object.entries(changes)) setValue(field as keyof ReportFormValues, value, { shouldDirty: true });
  };
  const answer = (code: string, value: string | string[]) => {
    setValue('answers', { ...getValues('answers'), [code]: value }, { shouldDirty: true });
    if (formState.isSubmitted) void trigger('answers');
  };
  const changePlace = (next: ChosenPlace) => {
    setValues(valuesFromPlace(next, getValues()));
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

  const busy = submission.busy;

  return (
    <form className="report-form" noValidate onSubmit={submission.submit} aria-busy={busy}>
      <div id={DRAFT_STATUS_ID} className="report-form__draft-status" tabIndex={-1} role="status">
        {draftStatus === 'restored' && start.restoredAt && !submission.arrivalCheck ? (
          <p className="notice">{t('draft.restored', { date: formatDateTime(start.restoredAt, locale) })}</p>
        ) : null}
        {submission.arrivalCheck ? <p className="notice">{t(`draft.${submission.arrivalCheck}`)}</p> : null}
        {draftStatus === 'discarded' ? <p className="notice">{t('draft.discarded')}</p> : null}
      </div>

      <ReportStep number={1} title={t('steps.type')} headingId={START_HEADING_ID}>
        <ServiceTypePicker
          registration={register('service_code')}
          selectedCode={values.service_code}
          error={shown('service_code')}
          offeredHere={reportBody.kind === 'covered' && bodyLabel ? { bodyName: bodyLabel, codes: reportBody.offered } : undefined}
        />
      </ReportStep>

      <ReportStep number={2} title={t('steps.place')}>
        <LocationStep
          place={place}
          onPlaceChange={changePlace}
          onAddressFound={(found) => setValues(withFoundAddress(getValues(), found))}
          error={locationError}
          addressRegistration={register('address_string')}
          addressError={shown('address_string')}
          nearby={nearby}
          serviceCode={values.service_code}
          assetLayer={assetLayer}
          chosenAssetId={assetId}
          onChooseAsset={(asset) => {
            if (assetLayer) for (const [code, value] of Object.entries(answersOfAsset(assetLayer, asset))) answer(code, value);
          }}
        />
        <ReportBodyNote reportBody={reportBody} bodyLabel={bodyLabel} />
        <NotOursNote notOurs={notOurs} serviceName={serviceName} allowedNames={allowedNames} />
      </ReportStep>

      <ReportStep number={3} title={t('steps.nearby')}>
        <NearbyRequests nearby={nearby} serviceCode={values.service_code} serviceName={serviceName} />
      </ReportStep>

      <ReportStep number={4} title={t('steps.describe')} headingId={DESCRIBE_HEADING_ID}>
        {selectedType?.metadata ? (
          <QuestionFields
            questions={questions}
            status={questionsQuery.isError ? 'error' : questionsQuery.data ? 'ready' : 'loading'}
            serviceName={serviceName}
            answers={values.answers}
            problems={answerProblems}
            onAnswer={answer}
          />
        ) : null}
        <DescriptionStep
          titleRegistration={register('title')}
          descriptionRegistration={register('description')}
          control={control}
          titleError={shown('title')}
          descriptionError={shown('description')}
        />
      </ReportStep>

      <ReportStep number={5} title={t('steps.photos')} note={t('steps.optional')}>
        <PhotoStep photos={photos} error={photoError ? translate(photoError, 'media') : undefined} />
      </ReportStep>

      <ReportStep number={6} title={t('steps.contact')} note={t('steps.optional')}>
        <ContactStep register={register} errors={Object.fromEntries(contactFields.map((field) => [field, shown(field)]))} />
      </ReportStep>

      <SendSection
        general={submission.general}
        summaryItems={submission.showFieldSummary ? fieldErrorsByTarget : []}
        busy={busy}
        offline={!online}
        progress={submission.progress}
        photosProcessing={photos.processing}
        hasDraft={hasFields || photos.items.length > 0}
        onDiscard={() => void discard()}
        blocked={blocked}
      />
    </form>
  );
}
