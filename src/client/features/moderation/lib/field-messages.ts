import type { TFunction } from 'i18next';

/**
 * The shared schemas and the server word their problems in English for programs and logs;
 * moderators read them in the UI language. Known rules get their own sentence; anything else
 * is shown as the server wrote it rather than hidden.
 */
export function translateFieldMessage(message: string, t: TFunction<'moderation'>): string {
  const atLeast = /at least (\d+) characters/.exec(message);
  if (atLeast) return t('validation.tooShort', { min: Number(atLeast[1]) });
  const atMost = /at most (\d+) characters/.exec(message);
  if (atMost) return t('validation.tooLong', { max: Number(atMost[1]) });
  if (/HTML/.test(message)) return t('validation.noHtml');
  if (/control characters/.test(message)) return t('validation.controlCharacters');
  return message;
}

/** The first message per field from a zod error's issues. */
export function firstIssueByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    byField[field] ??= issue.message;
  }
  return byField;
}
