/**
 * The chosen service type's own questions (its GeoReport service definition's attributes), in
 * their `order`, each as the control its datatype calls for. Answers live in the form's `answers`
 * and so in the draft; errors are the shared rules' kinds, put into words here.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AttributeProblemKind } from '@/shared/georeport/attribute-rules';
import { attributeTextMaxLength } from '@/shared/georeport/attribute-rules';
import { FormField } from '../ui/form-field';
import '../../styles/questions.css';
import { currentLanguage } from '../../lib/i18n';
import { intlLocaleOf, numberFormat } from '../../lib/intl-formats';
import type { AnswerValues, ServiceQuestion } from '../../lib/service-questions';
import { QuestionChoices } from './question-choices';

export interface QuestionFieldsProps {
  questions: readonly ServiceQuestion[];
  status: 'loading' | 'error' | 'ready';
  serviceName?: string;
  answers: AnswerValues;
  problems: Partial<Record<string, AttributeProblemKind>>;
  onAnswer: (code: string, value: string | string[]) => void;
  /** Its heading's level in the page's outline: 3 under the report form's steps (h2), 2 in a form without. */
  headingLevel?: 2 | 3;
}

export const QUESTIONS_HEADING_ID = 'report-questions-heading';

/** A question's id in the page: codes are the city's, so only safe characters are kept. */
export const questionIdOf = (code: string) => `report-question-${code.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/** What focus goes to for a question (its element by questionIdOf): its field, or in a group the chosen (else the first) option. */
export function questionControl(question: HTMLElement | null): HTMLElement | null {
  return question?.matches('fieldset') ? (question.querySelector<HTMLInputElement>('input:checked') ?? question.querySelector<HTMLInputElement>('input')) : question;
}

export function QuestionFields({ questions, status, serviceName, answers, problems, onAnswer, headingLevel = 3 }: QuestionFieldsProps) {
  const { t, i18n } = useTranslation('report');
  const locale = currentLanguage(i18n);
  if (status === 'loading') return <p className="notice" role="status">{t('questions.loading')}</p>;
  if (status === 'error') return <p className="notice">{t('questions.loadFailed')}</p>;
  if (questions.length === 0) return null;

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const errorText = (question: ServiceQuestion): string | undefined => {
    const kind = problems[question.code];
    return kind ? questionErrorText(t, question, kind, locale) : undefined;
  };

  return (
    <section className="questions" aria-labelledby={QUESTIONS_HEADING_ID}>
      <Heading id={QUESTIONS_HEADING_ID} className="questions__title">
        {serviceName ? t('questions.title', { name: serviceName }) : t('questions.titleNoName')}
      </Heading>
      {questions.map((question) => {
        const id = questionIdOf(question.code);
        const label = question.required ? question.description : `${question.description} (${t('steps.optional')})`;
        const error = errorText(question);
        const value = answers[question.code];
        const text = typeof value === 'string' ? value : '';
        const hint = question.datatype_description || datatypeHint(question.datatype, t);
        if (question.datatype === 'singlevaluelist' || question.datatype === 'multivaluelist') {
          return (
            <QuestionChoices
              key={question.code}
              id={id}
              question={question}
              label={label}
              hint={question.datatype_description || (question.datatype === 'multivaluelist' ? t('questions.chooseAny') : undefined)}
              value={value}
              error={error}
              onChange={(next) => onAnswer(question.code, next)}
            />
          );
        }
        return (
          <FormField key={question.code} id={id} label={label} hint={hint} error={error}>
            {(control) => {
              const common = { ...control, className: 'input', name: `answers.${question.code}`, value: text, 'data-question-invalid': error ? 'true' : undefined };
              const change = (event: { target: { value: string } }) => onAnswer(question.code, event.target.value);
              if (question.datatype === 'text') return <textarea {...common} className="input textarea" rows={3} onChange={change} />;
              if (question.datatype === 'datetime') return <input {...common} type="datetime-local" onChange={change} />;
              if (question.datatype === 'number') return <input {...common} type="text" inputMode="decimal" autoComplete="off" onChange={change} />;
              return <input {...common} type="text" autoComplete="off" onChange={change} />;
            }}
          </FormField>
        );
      })}
    </section>
  );
}

/** A rule's kind in words, for one question (a list asks to choose, a field to answer). */
export function questionErrorText(
  t: TFunction<'report'>,
  question: ServiceQuestion,
  kind: AttributeProblemKind,
  locale: ReturnType<typeof currentLanguage>,
): string {
  const required = { singlevaluelist: 'requiredChoice', multivaluelist: 'requiredAny' } as const;
  const key = kind === 'required' && (question.datatype === 'singlevaluelist' || question.datatype === 'multivaluelist') ? required[question.datatype] : kind;
  return t(`questions.errors.${key}`, { limit: numberFormat(intlLocaleOf(locale)).format(attributeTextMaxLength) });
}

function datatypeHint(datatype: ServiceQuestion['datatype'], t: TFunction<'report'>): string | undefined {
  if (datatype === 'number') return t('questions.numberHint');
  if (datatype === 'datetime') return t('questions.datetimeHint');
  return undefined;
}
