import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../test-i18n';
import { createQueryClient } from '../../../src/client/lib/query-client';
import type { SupportedLocale } from '../../../src/shared/locales';

/** Renders a component with the app's real texts in one language (and a query client, for the lookups some parts make). */
export function renderWithI18n(ui: ReactElement, language: SupportedLocale = 'en') {
  const i18n = createTestI18n(language);
  return {
    ...render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>
      </I18nextProvider>,
    ),
    i18n,
  };
}
