/**
 * What a single request's public answer says in place of what it no longer shows, in the
 * answer's language (?locale=): the notice that stands for a rejected report's own text, and the
 * status notes of a duplicate, which point to its original.
 */
import type { SupportedLocale } from '../../shared/locales';

const withheld: Record<SupportedLocale, string> = {
  fi: 'Moderaattori poisti tämän ilmoituksen tekstin, kuvat ja tarkan sijainnin, koska ne rikkoivat palvelun sääntöjä tai sisälsivät henkilötietoja.',
  sv: 'En moderator tog bort anmälans text, bilder och exakta plats, eftersom de bröt mot tjänstens regler eller innehöll personuppgifter.',
  en: "A moderator removed this report's text, photos and exact location, as they broke the service's rules or held personal information.",
};

const duplicate: Record<SupportedLocale, (originalId: string) => string> = {
  fi: (id) => `Sama asia kuin ilmoituksessa ${id}. Päivitykset julkaistaan siellä.`,
  sv: (id) => `Samma sak som anmälan ${id}. Uppdateringar publiceras där.`,
  en: (id) => `Duplicate of report ${id}. Updates are published there.`,
};

export const withheldNotice = (locale: SupportedLocale) => withheld[locale];
export const duplicateNotes = (locale: SupportedLocale, originalId: string) => duplicate[locale](originalId);
