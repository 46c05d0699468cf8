/**
 * A service type's questions in a report form (the residents' and the console's caller form) and
 * the answers to them: what goes out as `attribute[CODE]`, and the problems the shared rules (the
 * very ones the service applies) find.
 */
import {
  checkAttributeAnswers,
  type AttributeProblemKind,
  type AttributeRuleDefinition,
} from '@/shared/georeport/attribute-rules';

export type ServiceQuestion = AttributeRuleDefinition & { order: number; datatype_description: string };

/** The questions of a service definition's attributes: only answerable ones, in their `order`. */
export function questionsOf(attributes: readonly (ServiceQuestion & { variable: boolean })[]): ServiceQuestion[] {
  return attributes.filter((attribute) => attribute.variable).sort((a, b) => a.order - b.order);
}

/** Answers as the form holds them: one text per question, a list for a multivaluelist. */
export type AnswerValues = Record<string, string | string[]>;

const pad = (value: number) => String(Math.abs(value)).padStart(2, '0');

/**
 * A datetime-local value ("2026-11-20T08:15") as a W3C datetime with this device's offset at
 * that moment ("2026-11-20T08:15:00+02:00"): the service refuses a time without a zone. Anything
 * else is returned as it is, for the rules to refuse.
 */
export function localDateTimeToW3c(local: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local.trim());
  if (!match) return local;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const offset = -new Date(year, month - 1, day, hour, minute).getTimezoneOffset();
  return `${local.trim()}:00${offset < 0 ? '-' : '+'}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

function asList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The answers to send, by code, blank ones left out (as the service drops them too). */
export function sentAnswers(questions: readonly ServiceQuestion[], answers: AnswerValues): Map<string, string[]> {
  const sent = new Map<string, string[]>();
  for (const question of questions) {
    const given = asList(answers[question.code]).filter((value) => value.trim() !== '');
    if (given.length === 0) continue;
    if (question.datatype === 'number') sent.set(question.code, given.map((value) => value.trim().replace(',', '.')));
    else if (question.datatype === 'datetime') sent.set(question.code, given.map(localDateTimeToW3c));
    else sent.set(question.code, given);
  }
  return sent;
}

/** The first problem of each question, by code. */
export function answerProblems(questions: readonly ServiceQuestion[], answers: AnswerValues): Map<string, AttributeProblemKind> {
  const problems = new Map<string, AttributeProblemKind>();
  for (const problem of checkAttributeAnswers(questions, sentAnswers(questions, answers)).problems) {
    if (!problems.has(problem.code)) problems.set(problem.code, problem.kind);
  }
  return problems;
}

/** Form fields `attribute[CODE]`, or `attribute[CODE][]` once per value of a multivaluelist. */
export function appendAnswers(form: FormData, questions: readonly ServiceQuestion[], answers: AnswerValues): void {
  for (const [code, values] of sentAnswers(questions, answers)) {
    const multiple = questions.find((question) => question.code === code)?.datatype === 'multivaluelist';
    for (const value of values) form.append(multiple ? `attribute[${code}][]` : `attribute[${code}]`, value);
  }
}

/** Only texts and lists of texts: an old or tampered draft cannot break the form. */
export function cleanAnswers(raw: unknown): AnswerValues {
  const answers: AnswerValues = {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return answers;
  for (const [code, value] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof value === 'string') answers[code] = value;
    else if (Array.isArray(value)) answers[code] = value.filter((item): item is string => typeof item === 'string');
  }
  return answers;
}
