/** What the public sees of a "not ours" area: never its polygon (large, and not needed). */
import type { SupportedLocale } from '../../shared/locales';
import type { NotOursWire } from '../../shared/not-ours/wire';
import type { NotOursArea } from '../storage/repositories/not-ours';

export const notOursWire = (area: NotOursArea, locale: SupportedLocale): NotOursWire => ({
  id: area.id,
  name: area.name,
  message: area.messages[locale],
  url: area.url,
  allowed_services: [...area.allowedServiceCodes],
});
