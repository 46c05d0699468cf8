import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../../src/client/lib/i18n';
import type { SupportedLocale } from '../../../src/shared/locales';

/** Renders a presentational component with the app's real texts in one language. */
export function renderWithI18n(ui: ReactElement, language: SupportedLocale = 'en') {
  const i18n = createI18n({ language });
  return { ...render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>), i18n };
}
