/** The words of the email telling a duplicate's reporter and followers that they now follow its original. */
import type { SupportedLocale } from '../../shared/locales';

export interface MergeTexts {
  subject: string;
  /** Before the duplicate's own line: what happened to it. */
  intro: string;
  duplicate: string;
  original: string;
  /** What the recipient gets from now on. */
  from_now: string;
}

export const mergeTexts: Record<SupportedLocale, MergeTexts> = {
  fi: {
    subject: 'Ilmoitus yhdistettiin toiseen',
    intro: 'Moderaattori totesi, että ilmoitus koskee samaa asiaa kuin aiempi ilmoitus, ja yhdisti ne.',
    duplicate: 'Yhdistetty ilmoitus',
    original: 'Ilmoitus, jota nyt seuraat',
    from_now: 'Saat tästä lähtien sähköpostia tämän ilmoituksen muutoksista. Yhdistetystä ilmoituksesta ei tule enää viestejä.',
  },
  sv: {
    subject: 'Anmälan slogs ihop med en annan',
    intro: 'En moderator konstaterade att anmälan gäller samma sak som en tidigare anmälan och slog ihop dem.',
    duplicate: 'Sammanslagen anmälan',
    original: 'Anmälan du nu följer',
    from_now: 'Från och med nu får du e-post om ändringar i den här anmälan. Den sammanslagna anmälan skickar inga fler meddelanden.',
  },
  en: {
    subject: 'Report merged with another',
    intro: 'A moderator found that the report is about the same problem as an earlier report, and merged them.',
    duplicate: 'Merged report',
    original: 'The report you now follow',
    from_now: 'From now on you get an email when this report changes. The merged report sends no more messages.',
  },
};
