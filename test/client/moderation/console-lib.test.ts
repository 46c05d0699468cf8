import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/client/lib/i18n';
import { loginPath, safeNextPath } from '../../../src/client/features/moderation/lib/console-paths';
import { translateFieldMessage } from '../../../src/client/features/moderation/lib/field-messages';
import { moderationTexts } from '../../../src/client/features/moderation/texts';
import { descriptionTextSchema, titleTextSchema } from '../../../src/shared/georeport/request-input-schema';

describe('console paths', () => {
  it('keeps the page to return to, but only a console page on this site', () => {
    expect(safeNextPath('/moderation/requests/abc?x=1#top')).toBe('/moderation/requests/abc?x=1#top');
    expect(safeNextPath('/moderation?state=published')).toBe('/moderation?state=published');
    for (const unsafe of [null, '', 'https://evil.example/moderation', '//evil.example/moderation', '/\\evil.example', '/report', '/moderation-fake', '/moderation/login', 'moderation']) {
      expect(safeNextPath(unsafe), String(unsafe)).toBe('/moderation');
    }
    expect(safeNextPath('/moderation/../report')).toBe('/moderation');
  });

  it('builds the login address with the reason and the page to return to', () => {
    expect(loginPath()).toBe('/moderation/login');
    expect(loginPath({ next: '/moderation' })).toBe('/moderation/login');
    expect(loginPath({ next: '/moderation/audit', reason: 'expired' })).toBe('/moderation/login?reason=expired&next=%2Fmoderation%2Faudit');
  });
});

describe('field messages', () => {
  // The console's texts come with its pages (as the console routes add them), not with i18n.ts.
  const i18n = createI18n({ language: 'sv' });
  i18n.addResourceBundle('sv', 'moderation', moderationTexts.sv);
  const t = i18n.getFixedT('sv', 'moderation');
  const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error!.issues[0]!.message;

  it('words the shared schema’s rules in the UI language', () => {
    expect(translateFieldMessage(first(descriptionTextSchema.safeParse('short')), t)).toBe('Skriv minst 10 tecken.');
    expect(translateFieldMessage(first(titleTextSchema.safeParse('x'.repeat(201))), t)).toBe('Skriv högst 200 tecken.');
    expect(translateFieldMessage(first(titleTextSchema.safeParse('<script>')), t)).toBe('Skriv vanlig text: HTML-taggar och kod är inte tillåtna.');
    expect(translateFieldMessage(first(titleTextSchema.safeParse('a\u0007b')), t)).toMatch(/^Ta bort de osynliga styrtecknen/);
  });

  it('shows a message it does not know as the server wrote it', () => {
    expect(translateFieldMessage('unknown field email: only title, description can be sent here', t)).toBe(
      'unknown field email: only title, description can be sent here',
    );
  });
});
