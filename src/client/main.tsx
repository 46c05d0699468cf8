// First, before any page's code can build a schema: zod's eval probe would break the CSP.
import './lib/zod-without-eval';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { loadI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * Settles once the app has started rendering; fails if its texts could not be downloaded (boot.ts
 * then says so). The texts' download started with the entry script, beside this chunk's: usually
 * here already. Not a top-level await: with one, the bundler splits the app into twice as many chunks.
 */
export const appStarted = loadI18n().then((i18n) => {
  const root = createRoot(container);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for one long task while a phone builds the whole page; the frame from
  // index.html stays on screen meanwhile, so nothing blank shows.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App queryClient={createQueryClient()} i18n={i18n} />
      </StrictMode>,
    );
  });
});
