/**
 * Why a moderator rejects a report (issue 41, item 3): one of a fixed list, each with its own
 * public text (server/open311/public-notices.ts; the console's and the request page's words are in
 * the locales). A constant list for now; an installation may configure the texts later.
 */
export const rejectReasons = ['personal_data', 'abusive', 'not_responsible', 'not_a_problem', 'duplicate', 'other'] as const;
export type RejectReason = (typeof rejectReasons)[number];

export const isRejectReason = (value: unknown): value is RejectReason =>
  typeof value === 'string' && (rejectReasons as readonly string[]).includes(value);

/** Only these hide the report's text, photos and place from the public; the others stay readable by id. */
const withholdingReasons: ReadonlySet<RejectReason> = new Set(['personal_data', 'abusive']);

/**
 * Whether a rejected report's own content is withheld. `null`: a rejection from before the list,
 * which always withheld (its free reason is still its status notes).
 */
export const withholdsContent = (reason: RejectReason | null) => reason === null || withholdingReasons.has(reason);

/** The longest "where to report instead" a moderator may write for `not_responsible`. */
export const rejectWhereMaxLength = 500;
