import type { TFunction } from 'i18next';

/** A refused field as the console knows it: the English message, and its problem's code when known. */
export interface FieldProblem {
  message: string;
  code?: string;
  limit?: number;
}

/**
 * What to fix, in the UI language. The shared schemas and the server word problems in English
 * for programs and logs and name each by code (src/shared/validation/problems.ts); the console
 * has its own sentence for the codes of the texts a moderator writes, and shows anything else as
 * the server wrote it rather than hiding it.
 */
export function translateFieldProblem({ message, code, limit }: FieldProblem, t: TFunction<'moderation'>): string {
  switch (code) {
    case 'too_short':
      return limit === undefined ? message : t('validation.tooShort', { min: limit });
    case 'too_long':
      return limit === undefined ? message : t('validation.tooLong', { max: limit });
    case 'html':
      return t('validation.noHtml');
    case 'control_characters':
      return t('validation.controlCharacters');
    case 'invalid_date':
      return t('validation.invalidDate');
    case 'date_range_reversed':
      return t('validation.dateRangeReversed');
    default:
      return message;
  }
}
