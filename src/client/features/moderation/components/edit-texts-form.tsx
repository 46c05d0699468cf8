import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { descriptionLength, titleMaxLength } from '@/shared/georeport/request-input-schema';
import { Button } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FormField } from '../../../components/ui/form-field';
import { currentLanguage } from '../../../lib/i18n';
import type { ModerationDetail } from '../api/moderation-schema';
import { useRequestChange } from '../api/request-changes';
import { describeError, serverFieldErrors } from '../lib/describe-error';
import { translateFieldProblem } from '../lib/field-messages';
import { descriptionTextSchema, problemWith, titleTextSchema } from '../lib/text-rules';
import { useActionFeedback } from './action-feedback';
import { useConsoleSession } from './session-context';

interface Texts {
  title: string;
  description: string;
}

type TextErrors = Partial<Record<keyof Texts, string>>;

/**
 * Fix the title and description (typos, personal data in the text) with the same rules as a new
 * report. The server's field errors show at their fields, like the form's own.
 */
export function EditTextsForm({ item }: { item: ModerationDetail }) {
  const { t, i18n } = useTranslation('moderation');
  const { session } = useConsoleSession();
  const change = useRequestChange({ id: item.service_request_id, csrfToken: session.csrfToken, locale: currentLanguage(i18n) });
  const feedback = useActionFeedback();
  const ids = { title: useId(), description: useId(), count: useId() };
  const refs = { title: useRef<HTMLInputElement>(null), description: useRef<HTMLTextAreaElement>(null) };

  const stored: Texts = { title: item.public.extended_attributes?.title ?? '', description: item.public.description };
  const [baseline, setBaseline] = useState(stored);
  const [values, setValues] = useState(stored);
  const [errors, setErrors] = useState<TextErrors>({});
  // Another action (or another moderator) changed the texts: follow them unless this form has unsaved edits.
  if (stored.title !== baseline.title || stored.description !== baseline.description) {
    setBaseline(stored);
    if (values.title === baseline.title && values.description === baseline.description) setValues(stored);
  }

  const showErrors = (found: TextErrors) => {
    setErrors(found);
    const first = (['title', 'description'] as const).find((field) => found[field]);
    if (first) refs[first].current?.focus();
    return first !== undefined;
  };

  const onSubmit = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    feedback.clear();
    const titleProblem = values.title.trim() ? problemWith(titleTextSchema, values.title) : undefined;
    const descriptionProblem = problemWith(descriptionTextSchema, values.description);
    if (
      showErrors({
        title: titleProblem && translateFieldProblem(titleProblem, t),
        description: descriptionProblem && translateFieldProblem(descriptionProblem, t),
      })
    ) {
      return;
    }
    const edit: { title?: string | null; description?: string } = {};
    if (values.title.trim() !== stored.title) edit.title = values.title.trim() === '' ? null : values.title.trim();
    if (values.description !== stored.description) edit.description = values.description;
    if (Object.keys(edit).length === 0) return feedback.show(t('edit.unchanged'));
    change.mutate(
      { kind: 'edit', ...edit },
      {
        onSuccess: () => feedback.show(t('edit.saved')),
        onError: (error) => {
          const fields = serverFieldErrors(error, t);
          showErrors({ title: fields.title, description: fields.description });
        },
      },
    );
  };

  const fieldErrorsFromServer = change.isError && Object.keys(serverFieldErrors(change.error, t)).some((field) => field === 'title' || field === 'description');

  return (
    <form className="moderation-form" noValidate onSubmit={onSubmit}>
      <p className="moderation-form__intro">{t('edit.intro')}</p>
      {change.isError && !fieldErrorsFromServer ? <ErrorNotice message={describeError(change.error, t)} /> : null}
      <FormField id={ids.title} label={t('edit.title')} hint={t('edit.titleHint', { max: titleMaxLength })} error={errors.title}>
        {(control) => (
          <input
            {...control}
            ref={refs.title}
            className="input"
            value={values.title}
            onChange={(changeEvent) => setValues({ ...values, title: changeEvent.target.value })}
          />
        )}
      </FormField>
      <FormField
        id={ids.description}
        label={t('edit.description')}
        hint={t('edit.descriptionHint', { min: descriptionLength.min, max: descriptionLength.max })}
        error={errors.description}
        describedBy={[ids.count]}
      >
        {(control) => (
          <textarea
            {...control}
            ref={refs.description}
            className="input textarea"
            rows={6}
            value={values.description}
            onChange={(changeEvent) => setValues({ ...values, description: changeEvent.target.value })}
          />
        )}
      </FormField>
      <p className="console-count" id={ids.count}>
        {t('form.characters', { length: values.description.length, max: descriptionLength.max })}
      </p>
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? t('edit.saving') : t('edit.save')}
      </Button>
      {feedback.element}
    </form>
  );
}
