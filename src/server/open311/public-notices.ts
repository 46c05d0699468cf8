/**
 * What a single request's public answer says in place of what it no longer shows, in the
 * answer's language (?locale=): the notice that stands for a withheld report's own text, and the
 * status notes of a rejected report, which say its reason (issue 41, item 3: each reason its own
 * text; a constant list for now, an installation may configure these texts later) or, for a
 * duplicate, point to its original.
 */
import type { SupportedLocale } from '../../shared/locales';
import { withholdsContent, type RejectReason } from '../../shared/moderation/reject-reasons';
import type { ModerationState } from '../../shared/moderation/wire';

type WithholdingReason = 'personal_data' | 'abusive' | 'legacy';

/** `legacy`: rejected before the reasons' list, when every rejection withheld for one or the other. */
const withheld: Record<SupportedLocale, Record<WithholdingReason, string>> = {
  fi: {
    personal_data: 'Moderaattori poisti tämän ilmoituksen tekstin, kuvat ja tarkan sijainnin, koska ne sisälsivät henkilötietoja.',
    abusive: 'Moderaattori poisti tämän ilmoituksen tekstin, kuvat ja tarkan sijainnin, koska ne rikkoivat palvelun sääntöjä.',
    legacy: 'Moderaattori poisti tämän ilmoituksen tekstin, kuvat ja tarkan sijainnin, koska ne rikkoivat palvelun sääntöjä tai sisälsivät henkilötietoja.',
  },
  sv: {
    personal_data: 'En moderator tog bort anmälans text, bilder och exakta plats, eftersom de innehöll personuppgifter.',
    abusive: 'En moderator tog bort anmälans text, bilder och exakta plats, eftersom de bröt mot tjänstens regler.',
    legacy: 'En moderator tog bort anmälans text, bilder och exakta plats, eftersom de bröt mot tjänstens regler eller innehöll personuppgifter.',
  },
  en: {
    personal_data: "A moderator removed this report's text, photos and exact location, as they held personal information.",
    abusive: "A moderator removed this report's text, photos and exact location, as they broke the service's rules.",
    legacy: "A moderator removed this report's text, photos and exact location, as they broke the service's rules or held personal information.",
  },
};

const duplicate: Record<SupportedLocale, (originalId: string) => string> = {
  fi: (id) => `Sama asia kuin ilmoituksessa #${id}. Päivitykset julkaistaan siellä.`,
  sv: (id) => `Samma sak som anmälan #${id}. Uppdateringar publiceras där.`,
  en: (id) => `Duplicate of #${id}. Updates are published there.`,
};

/** Each reason's public words; `where`: where to report instead (not_responsible). A duplicate's are `duplicate` above. */
const rejected: Record<SupportedLocale, Record<Exclude<RejectReason, 'duplicate'>, (where: string) => string>> = {
  fi: {
    personal_data: () => 'Moderaattori hylkäsi ilmoituksen, koska se sisälsi henkilötietoja. Sen tekstiä, kuvia ja tarkkaa sijaintia ei näytetä.',
    abusive: () => 'Moderaattori hylkäsi ilmoituksen, koska se rikkoi palvelun sääntöjä. Sen tekstiä, kuvia ja tarkkaa sijaintia ei näytetä.',
    not_responsible: (where) => `Asia ei kuulu meille, joten ilmoitus suljettiin täällä. Ilmoita siitä sen sijaan: ${where}`,
    not_a_problem: () => 'Moderaattori tutki ilmoituksen eikä löytänyt siitä korjattavaa.',
    other: () => 'Moderaattori sulki ilmoituksen.',
  },
  sv: {
    personal_data: () => 'En moderator avvisade anmälan eftersom den innehöll personuppgifter. Dess text, bilder och exakta plats visas inte.',
    abusive: () => 'En moderator avvisade anmälan eftersom den bröt mot tjänstens regler. Dess text, bilder och exakta plats visas inte.',
    not_responsible: (where) => `Det här hör inte till oss, så anmälan stängdes här. Anmäl det i stället till: ${where}`,
    not_a_problem: () => 'En moderator granskade anmälan och fann inget som behöver åtgärdas.',
    other: () => 'En moderator stängde anmälan.',
  },
  en: {
    personal_data: () => 'A moderator rejected this report because it held personal information. Its text, photos and exact location are not shown.',
    abusive: () => "A moderator rejected this report because it broke the service's rules. Its text, photos and exact location are not shown.",
    not_responsible: (where) => `This is not ours to handle, so the report is closed here. Report it instead to: ${where}`,
    not_a_problem: () => 'A moderator looked at this report and found nothing that needs fixing.',
    other: () => 'A moderator closed this report.',
  },
};

/** What a rejection leaves public; every field optional so a new report's facts (never rejected) fit too. */
export interface RejectionFacts {
  status_notes: string;
  moderation?: ModerationState;
  duplicate_of?: string | null;
  reject_reason?: RejectReason | null;
  reject_where?: string | null;
}

/** The description's stand-in for a withheld report: why, when its reason is known. */
export const withheldNotice = (locale: SupportedLocale, reason: RejectReason | null = null) =>
  withheld[locale][reason === 'personal_data' || reason === 'abusive' ? reason : 'legacy'];

export const duplicateNotes = (locale: SupportedLocale, originalId: string) => duplicate[locale](originalId);

/**
 * The status notes the public reads: a duplicate's pointer to its original; a rejection's reason
 * in words, then the moderator's own public note when they wrote one; otherwise the notes as
 * stored (an old rejection's free reason among them).
 */
export function publicStatusNotes(request: RejectionFacts, locale: SupportedLocale): string {
  if (request.duplicate_of) return duplicateNotes(locale, request.duplicate_of);
  const reason = request.reject_reason ?? null;
  if (request.moderation !== 'rejected' || reason === null || reason === 'duplicate') return request.status_notes;
  const words = rejected[locale][reason](request.reject_where?.trim() ?? '');
  const note = request.status_notes.trim();
  return note ? `${words}\n\n${note}` : words;
}

/** A rejected report whose own text, photos and place the public never sees: personal data, abuse, or an old rejection. */
export const isWithheldRejection = (request: Pick<RejectionFacts, 'moderation' | 'duplicate_of' | 'reject_reason'>) =>
  request.moderation === 'rejected' && !request.duplicate_of && withholdsContent(request.reject_reason ?? null);
