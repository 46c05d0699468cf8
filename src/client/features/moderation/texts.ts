import en from '../../locales/en/moderation.json';
import fi from '../../locales/fi/moderation.json';
import sv from '../../locales/sv/moderation.json';
import type { NamespaceTexts } from '../../lib/lazy-namespace';

/** The moderator console's texts: loaded with the console, not with the public pages. */
export const moderationTexts: NamespaceTexts = { en, fi, sv };
