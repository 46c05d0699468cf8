import en from '../../locales/en/updates.json';
import fi from '../../locales/fi/updates.json';
import sv from '../../locales/sv/updates.json';
import type { NamespaceTexts } from '../../lib/lazy-namespace';

/** A request's history and following texts: loaded with the request and moderation pages, not the first page. */
export const updatesTexts: NamespaceTexts = { en, fi, sv };
