import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { baseDetailedStatuses, publicWorksStatuses } from '@/shared/georeport/detailed-status';
import type { ResponseTemplate } from '@/shared/moderation/response-templates';
import { useDetailedStatusWords } from '../../../components/request/use-detailed-status-words';
import { Button } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FormField } from '../../../components/ui/form-field';
import type { ResponseTemplateChange, ResponseTemplateInput } from '../api/responses';
import { serverFieldErrors, describeError } from '../lib/describe-error';
import { translateFieldProblem } from '../lib/field-messages';
import { problemWith, statusNotesMaxLength, statusNotesSchema } from '../lib/text-rules';

const languages = ['fi', 'sv', 'en'] as const;
type TextField = `text_${(typeof languages)[number]}`;
type Field = 'body_id' | 'title' | TextField;

const emptyInput: ResponseTemplateInput = { title: '', text_fi: '', text_sv: '', text_en: '', service_code: null, status: null };

export interface ResponseFormProps {
  /** The one being changed; undefined: a new one. */
  editing?: ResponseTemplate;
  bodies: { id: string; name: string }[];
  serviceTypes: { code: string; name: string }[];
  pending: boolean;
  error: unknown;
  onSubmit: (change: ResponseTemplateChange) => void;
  onCancel: () => void;
}

/** A saved response's title, its text in the three languages, and what it is for (issue 41, item 4). */
export function ResponseForm({ editing, bodies, serviceTypes, pending, error, onSubmit, onCancel }: ResponseFormProps) {
  const { t } = useTranslation('moderation');
  const statusWords = useDetailedStatusWords();
  const ids = { body: useId(), title: useId(), type: useId(), status: useId(), fi: useId(), sv: useId(), en: useId() };
  const refs = useRef<Partial<Record<Field, HTMLElement | null>>>({});
  const [chosenBody, setBodyId] = useState(editing?.body_id ?? '');
  // An administrator's bodies may arrive after the form: the first is meant until another is chosen.
  const bodyId = chosenBody || (bodies[0]?.id ?? '');
  const [values, setValues] = useState<ResponseTemplateInput>(editing ?? emptyInput);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const serverErrors = serverFieldErrors(error, t) as Partial<Record<Field, string>>;
  const shown = { ...serverErrors, ...errors };
  const hasFieldError = Object.keys(serverErrors).length > 0;

  const problemsOf = (input: ResponseTemplateInput): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    if (!input.title.trim()) found.title = t('responses.titleRequired');
    for (const language of languages) {
      const text = input[`text_${language}`];
      const problem = text.trim() ? problemWith(statusNotesSchema, text) : undefined;
      if (!text.trim()) found[`text_${language}`] = t('responses.textRequired');
      else if (problem) found[`text_${language}`] = translateFieldProblem(problem, t);
    }
    return found;
  };

  const submit = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    const found = problemsOf(values);
    setErrors(found);
    const first = (['title', 'text_fi', 'text_sv', 'text_en'] as const).find((field) => found[field]);
    if (first) return refs.current[first]?.focus();
    onSubmit(editing ? { kind: 'edit', id: editing.id, fields: values } : { kind: 'create', body_id: bodyId, fields: values });
  };

  const textField = (language: (typeof languages)[number]) => {
    const field: TextField = `text_${language}`;
    return (
      <FormField key={field} id={ids[language]} label={t(`responses.${field}`)} hint={t('responses.textHint')} error={shown[field]}>
        {(control) => (
          <textarea
            {...control}
            ref={(element) => {
              refs.current[field] = element;
            }}
            lang={language}
            className="input textarea"
            rows={3}
            maxLength={statusNotesMaxLength}
            value={values[field]}
            onChange={(changeEvent) => setValues({ ...values, [field]: changeEvent.target.value })}
          />
        )}
      </FormField>
    );
  };

  return (
    <form className="moderation-form response-form" noValidate onSubmit={submit}>
      {error && !hasFieldError ? <ErrorNotice message={describeError(error, t)} /> : null}
      {editing || bodies.length < 2 ? null : (
        <FormField id={ids.body} label={t('responses.body')} error={shown.body_id}>
          {(control) => (
            <select {...control} className="input" value={bodyId} onChange={(changeEvent) => setBodyId(changeEvent.target.value)}>
              {bodies.map((body) => (
                <option key={body.id} value={body.id}>
                  {body.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      <FormField id={ids.title} label={t('responses.titleLabel')} hint={t('responses.titleHint')} error={shown.title}>
        {(control) => (
          <input
            {...control}
            ref={(element) => {
              refs.current.title = element;
            }}
            className="input"
            value={values.title}
            onChange={(changeEvent) => setValues({ ...values, title: changeEvent.target.value })}
          />
        )}
      </FormField>
      {languages.map(textField)}
      <FormField id={ids.type} label={t('responses.type')}>
        {(control) => (
          <select {...control} className="input" value={values.service_code ?? ''} onChange={(changeEvent) => setValues({ ...values, service_code: changeEvent.target.value || null })}>
            <option value="">{t('responses.anyType')}</option>
            {serviceTypes.map((type) => (
              <option key={type.code} value={type.code}>
                {type.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={ids.status} label={t('responses.status')} hint={t('responses.statusHint')}>
        {(control) => (
          <select {...control} className="input" value={values.status ?? ''} onChange={(changeEvent) => setValues({ ...values, status: changeEvent.target.value || null })}>
            <option value="">{t('responses.anyStatus')}</option>
            {[...baseDetailedStatuses, ...publicWorksStatuses].map((status) => (
              <option key={status} value={status}>
                {statusWords(status).label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="response-form__actions">
        <Button type="submit" disabled={pending}>
          {pending ? t('responses.saving') : t('responses.save')}
        </Button>
        {editing ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            {t('responses.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
