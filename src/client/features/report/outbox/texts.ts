import en from '../../../locales/en/outbox.json';
import fi from '../../../locales/fi/outbox.json';
import sv from '../../../locales/sv/outbox.json';
import type { NamespaceTexts } from '../../../lib/lazy-namespace';

/** The outbox's texts (the offline notice, the waiting and sent reports): loaded with it, after the page. */
export const outboxTexts: NamespaceTexts = { en, fi, sv };
