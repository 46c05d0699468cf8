/**
 * Input problems by stable code. The schemas and the servers word every problem in English for
 * API clients (a GeoReport error's `description`, a moderation error's `message`), and those
 * texts stay as they are. Each text is declared here with its problem where it is worded, so a
 * program, and the web app for its fi/sv/en texts, learns the problem from its code: from the
 * wire where the format has room for it (moderation `fields[].code`), else by looking the text up
 * in the table that wrote it. Nothing reads the English with patterns.
 */
export const problemCodes = [
  // A value is missing, or is not what the field holds.
  'required',
  'not_text',
  'too_short',
  'too_long',
  'html',
  'control_characters',
  'not_a_number',
  'out_of_range',
  'invalid_url',
  'not_an_image_url',
  'invalid_email',
  'invalid_phone',
  'invalid_id',
  'unknown_value',
  'unknown_field',
  'repeated_field',
  // The location as a whole.
  'lat_long_pair',
  'object_type_required',
  'location_required',
  // What the service checks against its data and limits.
  'unknown_service_code',
  'unknown_service_object',
  'too_many_photos',
  'photo_rejected',
  'rate_limited',
  // Bodies: no body's area covers the place, or the body there does not handle the type.
  'outside_every_area',
  'type_not_handled_here',
  // Moderation.
  'nothing_to_change',
  'invalid_detailed_status',
  // A day (YYYY-MM-DD) that is not a real date; a date range that ends before it starts.
  'invalid_date',
  'date_range_reversed',
  // A check with no worded problem of its own (framework defaults).
  'invalid',
] as const;
export type ProblemCode = (typeof problemCodes)[number];

export interface Problem {
  code: ProblemCode;
  /** The input field the problem is about, when the text is about one. */
  field?: string;
  /** The number the rule allows: characters (too_short, too_long), photos, degrees, a list's length. */
  limit?: number;
  /** How long to wait before trying again (rate_limited). */
  seconds?: number;
}

/** The parts of a text a template fills in; `field`, `limit` and `seconds` become the problem's. */
type Slot = 'field' | 'limit' | 'seconds' | 'value' | 'format' | 'count' | 'rest';

interface ProblemTemplate<S extends Slot> {
  readonly problem: Problem;
  /** The text with every part filled in. */
  text(values: Record<S, string | number>): string;
}

interface StoredTemplate {
  problem: Problem;
  literals: readonly string[];
  slots: readonly Slot[];
}

const sameProblem = (a: Problem, b: Problem) => a.code === b.code && a.field === b.field && a.limit === b.limit;

/** The parts of `text` between the template's fixed texts, or undefined when it is not one of its texts. */
function slotValues(literals: readonly string[], text: string): string[] | undefined {
  const first = literals[0] ?? '';
  const last = literals[literals.length - 1] ?? '';
  if (!text.startsWith(first) || !text.endsWith(last) || text.length < first.length + last.length) return undefined;
  const values: string[] = [];
  let position = first.length;
  const end = text.length - last.length;
  for (const literal of literals.slice(1, -1)) {
    const found = text.indexOf(literal, position);
    if (found < 0 || found > end) return undefined;
    values.push(text.slice(position, found));
    position = found + literal.length;
  }
  if (position > end) return undefined;
  values.push(text.slice(position, end));
  return values;
}

const wholeNumber = (text: string) => (text !== '' && Number.isInteger(Number(text)) ? Number(text) : undefined);

/**
 * One table of problem texts: every text declared with its problem, found again from the text.
 * A table may build on others (`new ProblemTexts(inputProblems)`): it then finds their texts too.
 */
export class ProblemTexts {
  readonly #exact = new Map<string, Problem>();
  readonly #templates: StoredTemplate[] = [];
  readonly #parents: readonly ProblemTexts[];

  constructor(...parents: ProblemTexts[]) {
    this.#parents = parents;
  }

  /** Declares `text` as the wording of `problem`; answers the text, to use as it is. */
  word(problem: Problem, text: string): string {
    const known = this.#exact.get(text);
    if (known && !sameProblem(known, problem)) throw new Error(`"${text}" is declared for two problems`);
    this.#exact.set(text, problem);
    return text;
  }

  /** `word` in the shape zod's checks take: `.max(5, texts.message(problem, text))`. */
  message(problem: Problem, text: string): { message: string } {
    return { message: this.word(problem, text) };
  }

  /**
   * A wording with variable parts, written as a tagged template whose placeholders name the
   * parts: texts.template({ code: 'unknown_service_code' })`service_code ${'value'} not found`.
   */
  template(problem: Problem) {
    return <S extends Slot>(literals: TemplateStringsArray, ...slots: S[]): ProblemTemplate<S> => {
      this.#templates.push({ problem, literals: [...literals], slots });
      return {
        problem,
        text: (values) => literals.reduce((text, literal, index) => text + String(values[slots[index - 1]!]) + literal),
      };
    };
  }

  /** The problem `text` words, if this table (or one it builds on) declared it; fixed texts before templates. */
  find(text: string): Problem | undefined {
    return this.#findExact(text) ?? this.#findTemplate(text);
  }

  #findExact(text: string): Problem | undefined {
    const exact = this.#exact.get(text);
    if (exact) return { ...exact };
    for (const parent of this.#parents) {
      const found = parent.#findExact(text);
      if (found) return found;
    }
    return undefined;
  }

  #findTemplate(text: string): Problem | undefined {
    for (const { problem, literals, slots } of this.#templates) {
      const values = slotValues(literals, text);
      if (!values) continue;
      const found: Problem = { ...problem };
      slots.forEach((slot, index) => {
        const value = values[index]!;
        if (slot === 'field') found.field = value;
        if (slot === 'limit') found.limit = wholeNumber(value);
        if (slot === 'seconds') found.seconds = wholeNumber(value);
      });
      return found;
    }
    for (const parent of this.#parents) {
      const found = parent.#findTemplate(text);
      if (found) return found;
    }
    return undefined;
  }
}
