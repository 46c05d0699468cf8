import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../test-i18n';
import { loginPath, safeNextPath } from '../../../src/client/features/moderation/lib/console-paths';
import { translateFieldProblem } from '../../../src/client/features/moderation/lib/field-messages';
import { problemWith, statusNotesSchema } from '../../../src/client/features/moderation/lib/text-rules';
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
  const i18n = createTestI18n('sv');
  const t = i18n.getFixedT('sv', 'moderation');
  const local = (schema: Parameters<typeof problemWith>[0], text: string) => translateFieldProblem(problemWith(schema, text)!, t);

  it('words the shared schema’s rules in the UI language, by their codes', () => {
    expect(problemWith(descriptionTextSchema, 'short')).toEqual({
      message: 'description must be at least 10 characters: say what is wrong',
      code: 'too_short',
      limit: 10,
    });
    expect(local(descriptionTextSchema, 'short')).toBe('Skriv minst 10 tecken.');
    expect(local(titleTextSchema, 'x'.repeat(201))).toBe('Skriv högst 200 tecken.');
    expect(local(statusNotesSchema, 'x'.repeat(2001))).toBe('Skriv högst 2000 tecken.');
    expect(local(titleTextSchema, '<script>')).toBe('Skriv vanlig text: HTML-taggar och kod är inte tillåtna.');
    expect(local(titleTextSchema, 'a\u0007b')).toMatch(/^Ta bort de osynliga styrtecknen/);
    expect(problemWith(titleTextSchema, 'A fine title')).toBeUndefined();
  });

  it('words a server’s field problem from its code, not from its English', () => {
    expect(translateFieldProblem({ message: 'title must be at most 40 characters', code: 'too_long', limit: 40 }, t)).toBe('Skriv högst 40 tecken.');
    // The same English without a code (an older server) is shown as it is.
    expect(translateFieldProblem({ message: 'title must be at most 40 characters' }, t)).toBe('title must be at most 40 characters');
  });

  it('shows a problem it has no text for as the server wrote it', () => {
    const message = 'unknown field email: only title, description can be sent here';
    expect(translateFieldProblem({ message, code: 'unknown_field' }, t)).toBe(message);
  });
});
