/**
 * Removes known secrets (an API key we send upstream) from text another system wrote: a case
 * system or a city's service may quote the key it refused ("api_key SECRET… is not valid"), and
 * that text goes on to a moderator, a log, the admin's output or a browser. Every occurrence is
 * replaced, as sent and in the encodings a server may echo it in (URL-encoded, JSON-escaped).
 */
export const redactedSecret = '[redacted]';

/** Shorter values are no secret worth the name, and replacing them would garble ordinary words. */
const shortestSecret = 4;

function formsOf(secret: string): string[] {
  const forms = new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1), new URLSearchParams({ s: secret }).toString().slice(2)]);
  return [...forms].filter((form) => form.length >= shortestSecret).sort((a, b) => b.length - a.length);
}

export function withoutSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret === undefined || secret.length < shortestSecret) continue;
    for (const form of formsOf(secret)) result = result.split(form).join(redactedSecret);
  }
  return result;
}
