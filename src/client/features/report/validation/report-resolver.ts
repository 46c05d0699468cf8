import type { FieldErrors, Resolver } from 'react-hook-form';
import { answerProblems, type ServiceQuestion } from '../questions/answers';
import { loadReportChecks } from './load-report-checks';
import type { ReportFormValues } from './report-form-values';

/**
 * The schema's checks (schema-resolver.ts, awaited here: they load after the first paint) plus
 * the chosen type's questions, with the shared attribute rules the service applies; an answer's
 * error message is the rule's kind (`required`, `number`, …), put into words where it is shown.
 * `questions()` is read at each check, as they load after the type.
 */
export function withQuestions(questions: () => readonly ServiceQuestion[]): Resolver<ReportFormValues> {
  return async (values, context, options) => {
    const { reportResolver } = await loadReportChecks();
    const result = await reportResolver(values, context, options);
    const problems = answerProblems(questions(), values.answers ?? {});
    if (problems.size === 0) return result;
    const answers = Object.fromEntries([...problems].map(([code, kind]) => [code, { type: 'attribute', message: kind }]));
    return { values: {}, errors: { ...(result.errors as FieldErrors<ReportFormValues>), answers } as FieldErrors<ReportFormValues> };
  };
}
