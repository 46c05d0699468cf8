import type { UserEvent } from '@testing-library/user-event';

/**
 * Puts a text into a field as a person pasting it does: a click (focus, the caret at the end),
 * then the text in one input event. Typed key by key, a form that watches its fields renders the
 * page again for every character (tens of milliseconds of CPU each in jsdom), so a test that fills
 * a field with a sentence spent seconds on it; `user.type` stays for what happens per key.
 */
export async function enterText(user: Pick<UserEvent, 'click' | 'paste'>, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
