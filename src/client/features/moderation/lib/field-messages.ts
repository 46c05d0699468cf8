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
