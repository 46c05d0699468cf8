/**
 * The status form says when saving sends email, as the server sends it (issue 25): every saved
 * change of a published report goes to the reporter and the followers, not only a close.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../render-app';
import { fakeItem, fakeModerationApi } from './fake-moderation-api';

async function openStatusForm(moderation: 'pending' | 'published') {
  fakeModerationApi({ items: [fakeItem({ id: 'r9', title: 'Broken bench', moderation })] });
  renderApp({ path: '/moderation/requests/r9', language: 'en' });
  await screen.findByRole('heading', { level: 1, name: /Broken bench/ });
  return screen.getByRole('region', { name: 'Handling status' });
}

describe('the status form’s word on email', () => {
  it('on a published report: any change, not only closing, emails the reporter and the followers', async () => {
    const panel = await openStatusForm('published');
    const notice = /emails|email to the reporter and everyone following/;
    expect(within(panel).queryByText(notice)).toBeNull();
    await userEvent.click(within(panel).getByRole('radio', { name: /Being handled/ }));
    expect(within(panel).getByText('After saving, the report is:').textContent).toContain('Open');
    expect(within(panel).getByText('Saving sends an email to the reporter and everyone following the report, with the new status and these notes.')).toBeTruthy();
    expect(within(panel).queryByText(/Saving closes the report/)).toBeNull();
  });

  it('before publishing: only closing emails the reporter', async () => {
    const panel = await openStatusForm('pending');
    await userEvent.click(within(panel).getByRole('radio', { name: /Being handled/ }));
    expect(within(panel).queryByText(/everyone following/)).toBeNull();
    await userEvent.click(within(panel).getByRole('radio', { name: 'Resolved, closes the report' }));
    expect(within(panel).getByText(/Saving closes the report: the reporter gets an email/)).toBeTruthy();
  });
});
