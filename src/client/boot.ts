/**
 * The page's first script: the stylesheet (so the frame in index.html paints styled) and, once
 * the browser has shown that frame, the app itself (main.tsx). Evaluating React and rendering the
 * app before the first paint would keep a phone's screen blank for as long as that takes; the
 * app's scripts still download meanwhile (the server preloads them: route-preloads.ts), and so
 * do the texts of the one language the page shows, asked for here at once.
 */
import './styles/index.css';
// Takes the frame's map preview before the app replaces the frame.
import './lib/frame-map';
import type { SupportedLocale } from '../shared/locales';
import { detectPageLanguage } from './lib/language';

/**
 * The first texts (lib/first-namespaces.ts) of each language: importing one brings the chunk that
 * holds them all (vite.config.ts). i18next (lib/i18n.ts) asks for them again and gets this very
 * download; if it fails, startApp says so.
 */
const firstTexts: Record<SupportedLocale, () => Promise<unknown>> = {
  fi: () => import('./locales/fi/common.json'),
  sv: () => import('./locales/sv/common.json'),
  en: () => import('./locales/en/common.json'),
};
firstTexts[detectPageLanguage()]().catch(() => undefined);

/** Never later than this, whatever the browser reports (or fails to). */
const LONGEST_WAIT_MS = 3000;

let started = false;
function startApp(): void {
  if (started) return;
  started = true;
  // Without the app's code or its texts the frame would stay with no word: show index.html's note.
  import('./main')
    .then((app) => app.appStarted)
    .catch(() => document.querySelector('.load-failure')?.removeAttribute('hidden'));
}

function startAfterFirstPaint(): void {
  // A tab opened in the background paints nothing until shown: nothing to wait for.
  if (document.visibilityState !== 'visible') return startApp();
  setTimeout(startApp, LONGEST_WAIT_MS);
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // The paint as shown on screen: a frame drawn but not yet presented would still wait for the app.
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      startApp();
    }).observe({ type: 'paint', buffered: true });
  } else {
    // The second frame's callback runs once the first frame has been drawn.
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(startApp, 0)));
  }
}

startAfterFirstPaint();
