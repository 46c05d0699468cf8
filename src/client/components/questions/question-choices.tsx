import { useTranslation } from 'react-i18next';
import { FieldNotes, errorIdOf, hintIdOf } from '../ui/form-field';
import type { ServiceQuestion } from '../../lib/service-questions';

export interface QuestionChoicesProps {
  id: string;
  question: ServiceQuestion;
  label: string;
  hint?: string;
  value: string | string[] | undefined;
  error?: string;
  onChange: (value: string | string[]) => void;
}

/**
 * A list question as a group named by its legend: radio buttons for one answer (an optional one
 * offers "no answer", as a chosen radio cannot be unchosen), checkboxes for several.
 */
export function QuestionChoices({ id, question, label, hint, value, error, onChange }: QuestionChoicesProps) {
  const { t } = useTranslation('report');
  const multiple = question.datatype === 'multivaluelist';
  const chosen = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const describedBy = [hint ? hintIdOf(id) : undefined, error ? errorIdOf(id) : undefined].filter(Boolean).join(' ') || undefined;
  const options = multiple || question.required ? question.values : [...question.values, { key: '', name: t('questions.noAnswer') }];

  const toggle = (key: string, checked: boolean) => {
    if (!multiple) return onChange(key);
    const next = checked ? [...chosen.filter((item) => item !== key), key] : chosen.filter((item) => item !== key);
    onChange(question.values.map((option) => option.key).filter((option) => next.includes(option)));
  };

  return (
    <fieldset
      id={id}
      className={['question-group', error ? 'form-field--invalid' : undefined].filter(Boolean).join(' ')}
      aria-describedby={describedBy}
      data-question-invalid={error ? 'true' : undefined}
    >
      <legend className="form-field__label">{label}</legend>
      <FieldNotes id={id} hint={hint} error={error} />
      <div className="question-group__options">
        {options.map((option) => {
          const optionId = `${id}-${option.key === '' ? 'none' : option.key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
          const checked = option.key === '' ? chosen.length === 0 : chosen.includes(option.key);
          return (
            <label key={option.key} className="question-option" htmlFor={optionId}>
              <input
                id={optionId}
                type={multiple ? 'checkbox' : 'radio'}
                name={`answers.${question.code}`}
                value={option.key}
                checked={checked}
                aria-invalid={error ? true : undefined}
                onChange={(event) => toggle(option.key, event.target.checked)}
              />
              <span>{option.name}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
