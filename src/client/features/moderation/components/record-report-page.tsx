import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { everyServiceType, getServiceListQueryOptions } from '../../../api/get-service-list';
import { Button } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import type { AttributeProblemKind } from '@/shared/georeport/attribute-rules';
import { QuestionFields, questionControl, questionIdOf } from '../../../components/questions/question-fields';
import { FormField } from '../../../components/ui/form-field';
import { PhotoField } from '../../../components/ui/photo-field';
import { defaultMaxPhotoBytes, defaultMaxPhotos } from '@/shared/georeport/photo-limits';
import { currentLanguage } from '../../../lib/i18n';
import { answerProblems, sentAnswers, type AnswerValues, type ServiceQuestion } from '../../../lib/service-questions';
import { supportedLocales, type SupportedLocale } from '@/shared/locales';
import { useCallerReportQuestions, useRecordCallerReport, type CallerReport, type RecordedReport } from '../api/caller-report';
import { describeError, serverFieldErrors } from '../lib/describe-error';
import { consolePaths } from '../lib/console-paths';
import { useConsoleSession } from './session-context';
import { pointOfFields, usePlaceReadBack } from './use-place-read-back';

const fieldNames = ['service_code', 'address_string', 'lat', 'long', 'description', 'title', 'first_name', 'last_name', 'email', 'phone'] as const;
type FieldName = (typeof fieldNames)[number];
type Values = Record<FieldName, string>;
const empty = Object.fromEntries(fieldNames.map((name) => [name, ''])) as Values;

// Leaflet comes with the map only, after the form.
const PinMap = lazy(() => import('./pin-map'));

/** The answers as the API takes them: a list only for a multivaluelist, blank ones left out. */
function attributesOf(questions: readonly ServiceQuestion[], answers: AnswerValues): Record<string, string | string[]> {
  const multiple = new Set(questions.filter((question) => question.datatype === 'multivaluelist').map((question) => question.code));
  return Object.fromEntries([...sentAnswers(questions, answers)].map(([code, values]) => [code, multiple.has(code) ? values : values[0]!]));
}

/** The form as the API takes it: blank fields left out, the point as numbers. */
function reportOf(values: Values, locale: SupportedLocale, publishNow: boolean, attributes: Record<string, string | string[]>): CallerReport {
  const report: CallerReport = { service_code: values.service_code, description: values.description, locale, publish_now: publishNow };
  if (Object.keys(attributes).length > 0) report.attributes = attributes;
  for (const name of ['title', 'address_string', 'first_name', 'last_name', 'email', 'phone'] as const) {
    if (values[name].trim()) report[name] = values[name].trim();
  }
  if (values.lat.trim()) report.lat = Number(values.lat.replace(',', '.'));
  if (values.long.trim()) report.long = Number(values.long.replace(',', '.'));
  return report;
}

/**
 * A report taken by phone or at a desk (issue 41, item 8): the residents' fields in compact form
 * (the place by an address the server looks up, or a point) and the caller's name and contact.
 * The server checks it as a resident's report; its problems are shown at their fields.
 */
export function RecordReportPage() {
  // The type's questions are worded as on the residents' form: its texts are asked for as the page
  // opens (not in the router's options, which every resident's first page carries), long before a
  // type is chosen and its questions show.
  const { t, i18n } = useTranslation(['moderation', 'report']);
  const language = currentLanguage(i18n);
  const { session } = useConsoleSession();
  const services = useQuery({ ...getServiceListQueryOptions(language), select: everyServiceType });
  const record = useRecordCallerReport(session.csrfToken);
  const [values, setValues] = useState<Values>(empty);
  const [callerLocale, setCallerLocale] = useState<SupportedLocale>(language);
  const [publishNow, setPublishNow] = useState(false);
  const [recorded, setRecorded] = useState<RecordedReport>();
  const [missing, setMissing] = useState<Partial<Record<FieldName, string>>>({});
  const [answers, setAnswers] = useState<AnswerValues>({});
  const [photos, setPhotos] = useState<File[]>([]);
  const [answerIssues, setAnswerIssues] = useState<Partial<Record<string, AttributeProblemKind>>>({});
  // The chosen type's questions, in the moderator's language: the caller answers them too.
  const chosenType = services.data?.find((service) => service.service_code === values.service_code);
  const questions = useCallerReportQuestions(values.service_code, language, chosenType?.metadata === true);
  const questionList = chosenType?.metadata ? (questions.data ?? []) : [];
  // Where the point is and whose it is, read back as the pin moves (as on the review page).
  const point = pointOfFields(values.lat, values.long);
  const readBack = usePlaceReadBack(point, values.service_code);
  // Six decimals: about 10 cm, as the report form keeps a pin.
  const placePin = (moved: { lat: number; long: number }) => setValues((current) => ({ ...current, lat: moved.lat.toFixed(6), long: moved.long.toFixed(6) }));
  const idBase = useId();
  const id = (name: string) => `${idBase}-${name}`;

  const set = (name: FieldName) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value }));
  const serverProblems = record.isError ? serverFieldErrors(record.error, t) : {};
  const errorOf = (name: FieldName) => missing[name] ?? serverProblems[name];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The fields the form cannot do without are said here; every other rule is the server's.
    const problems: Partial<Record<FieldName, string>> = {};
    if (!values.service_code) problems.service_code = t('recordReport.typeRequired');
    if (!values.description.trim()) problems.description = t('recordReport.descriptionRequired');
    if (!values.address_string.trim() && !(values.lat.trim() && values.long.trim())) problems.address_string = t('recordReport.placeRequired');
    // The type's questions by the shared rules, as the residents' form and the service check them.
    const issues = Object.fromEntries(answerProblems(questionList, answers));
    setMissing(problems);
    setAnswerIssues(issues);
    const firstProblem = Object.keys(problems)[0];
    const firstIssue = questionList.find((question) => issues[question.code] !== undefined);
    if (firstProblem !== undefined || firstIssue !== undefined) {
      (firstProblem !== undefined ? document.getElementById(id(firstProblem)) : questionControl(document.getElementById(questionIdOf(firstIssue!.code))))?.focus();
      return;
    }
    record.mutate({ report: reportOf(values, callerLocale, publishNow, attributesOf(questionList, answers)), photos }, {
      onSuccess: (answer) => {
        setRecorded(answer);
        setValues(empty);
        setAnswers({});
        setPhotos([]);
        setPublishNow(false);
      },
    });
  };

  const failedOnField = Object.keys(serverProblems).length > 0;
  const text = (name: FieldName, label: string, options: { hint?: string; type?: string; autoComplete?: string } = {}) => (
    <FormField id={id(name)} label={label} hint={options.hint} error={errorOf(name)}>
      {(control) => <input {...control} className="input" type={options.type ?? 'text'} autoComplete={options.autoComplete ?? 'off'} value={values[name]} onChange={set(name)} />}
    </FormField>
  );

  return (
    <section className="record-report" aria-labelledby={id('heading')}>
      <h1 id={id('heading')}>{t('recordReport.heading')}</h1>
      <p className="moderation-form__intro">{t('recordReport.intro')}</p>
      {/* In the page from the start, so what goes into it is said; drawn as a message only then. */}
      <p role="status" className={recorded ? 'console-feedback console-feedback--shown' : 'console-feedback'}>
        {recorded ? (
          <>
            {t(recorded.moderation === 'published' ? 'recordReport.recordedPublished' : 'recordReport.recordedPending')}{' '}
            <Link to={consolePaths.request(recorded.service_request_id)}>{t('recordReport.open', { id: recorded.service_request_id })}</Link>
          </>
        ) : null}
      </p>
      <form className="moderation-form" noValidate onSubmit={onSubmit}>
        {record.isError && !failedOnField ? <ErrorNotice message={describeError(record.error, t)} /> : null}
        <fieldset>
          <legend>{t('recordReport.problem')}</legend>
          <FormField id={id('service_code')} label={t('recordReport.type')} error={errorOf('service_code') ?? (services.isError ? t('errors.network') : undefined)}>
            {(control) => (
              <select {...control} className="input" value={values.service_code} onChange={set('service_code')}>
                <option value="">{t('recordReport.chooseType')}</option>
                {(services.data ?? []).map((service) => (
                  <option key={service.service_code} value={service.service_code}>
                    {service.service_name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {text('address_string', t('recordReport.address'), { hint: t('recordReport.addressHint') })}
          {text('lat', t('recordReport.lat'), { hint: t('recordReport.pointHint') })}
          {text('long', t('recordReport.long'))}
          <div className="record-report__map">
            <Suspense fallback={null}>
              <PinMap pin={point} onMove={placePin} label={t('recordReport.mapLabel')} pinLabel={t('place.pinLabel')} />
            </Suspense>
          </div>
          <p className="review-panel__hint" aria-live="polite">
            {readBack.words}
          </p>
          {text('title', t('recordReport.title'))}
          <FormField id={id('description')} label={t('recordReport.description')} error={errorOf('description')}>
            {(control) => <textarea {...control} className="input textarea" rows={4} value={values.description} onChange={set('description')} />}
          </FormField>
          <PhotoField
            id={id('media')}
            photos={photos}
            max={defaultMaxPhotos}
            onChange={setPhotos}
            texts={{
              label: t('recordReport.photos'),
              hint: t('recordReport.photosHint', { max: defaultMaxPhotos, megabytes: defaultMaxPhotoBytes / (1024 * 1024) }),
              chosen: (name) => t('recordReport.photoChosen', { name }),
              remove: (name) => t('recordReport.photoRemove', { name }),
            }}
          />
          {chosenType?.metadata ? (
            <QuestionFields
              questions={questionList}
              status={questions.isPending ? 'loading' : questions.isError ? 'error' : 'ready'}
              serviceName={chosenType.service_name}
              answers={answers}
              problems={answerIssues}
              onAnswer={(code, value) => setAnswers((current) => ({ ...current, [code]: value }))}
              headingLevel={2}
            />
          ) : null}
        </fieldset>
        <fieldset>
          <legend>{t('recordReport.caller')}</legend>
          <p className="moderation-form__intro">{t('recordReport.callerHint')}</p>
          {text('first_name', t('recordReport.firstName'))}
          {text('last_name', t('recordReport.lastName'))}
          {text('email', t('recordReport.email'), { type: 'email', hint: t('recordReport.emailHint') })}
          {text('phone', t('recordReport.phone'), { type: 'tel' })}
          <FormField id={id('locale')} label={t('recordReport.language')}>
            {(control) => (
              <select {...control} className="input" value={callerLocale} onChange={(event) => setCallerLocale(event.target.value as SupportedLocale)}>
                {supportedLocales.map((locale) => (
                  <option key={locale} value={locale}>
                    {t(`recordReport.languages.${locale}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </fieldset>
        <label className="record-report__publish">
          <input type="checkbox" checked={publishNow} onChange={(event) => setPublishNow(event.target.checked)} /> {t('recordReport.publishNow')}
        </label>
        <Button type="submit" disabled={record.isPending}>
          {record.isPending ? t('recordReport.recording') : t('recordReport.record')}
        </Button>
      </form>
    </section>
  );
}
