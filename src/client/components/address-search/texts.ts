import en from '../../locales/en/address-search.json';
import fi from '../../locales/fi/address-search.json';
import sv from '../../locales/sv/address-search.json';
import type { NamespaceTexts } from '../../lib/lazy-namespace';

/** The address search's words: they travel with the component, not with the first page. */
export const addressSearchTexts: NamespaceTexts = { en, fi, sv };
