import type { i18n as I18n } from 'i18next';
import type { QueryClient } from '@tanstack/react-query';
import { AppProvider } from './providers';
import { AppRouter } from './router';

export function App({ queryClient, i18n }: { queryClient: QueryClient; i18n: I18n }) {
  return (
    <AppProvider queryClient={queryClient} i18n={i18n}>
      <AppRouter i18n={i18n} />
    </AppProvider>
  );
}
