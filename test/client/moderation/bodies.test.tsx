import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../render-app';
import { fakeItem, fakeModerationApi } from './fake-moderation-api';

const espoo = { id: 'espoo', names: { fi: 'Espoon kaupunki', sv: 'Esbo stad', en: 'City of Espoo' } };
const vantaa = { id: 'vantaa', names: { fi: 'Vantaan kaupunki', sv: 'Vanda stad', en: 'City of Vantaa' } };

describe('the console and bodies', () => {
  it('names the signed-in moderator’s bodies in the chosen language, and each request’s body on its card', async () => {
    fakeModerationApi({ bodies: [espoo, vantaa], items: [fakeItem({ title: 'Broken bench', agency: 'Esbo stad' })] });
    renderApp({ path: '/moderation', language: 'sv' });
    expect(await screen.findByText('Dina organisationer: Esbo stad, Vanda stad')).toBeTruthy();
    await screen.findByRole('heading', { level: 2, name: 'Broken bench' });
    const card = within(document.querySelector<HTMLElement>('.moderation-cards')!).getByRole('article');
    expect(within(card).getByText('Mottagare: Esbo stad')).toBeTruthy();
  });

  it('says an administrator sees every request, and shows no body for a request without one', async () => {
    fakeModerationApi({ items: [fakeItem({ title: 'Broken bench' })] });
    renderApp({ path: '/moderation', language: 'fi' });
    expect(await screen.findByText('Ylläpitäjä: kaikki ilmoitukset')).toBeTruthy();
    await screen.findByRole('heading', { level: 2, name: 'Broken bench' });
    expect(screen.queryByText(/^Vastaanottaja:/)).toBeNull();
  });
});
