/**
 * Saved responses (issue 41, item 4) as the moderation API answers them, and the two rules the
 * console's picker and the server's status back share: which templates fit a report, and which
 * language's text becomes its note.
 */
export interface ResponseTemplate {
  id: number;
  body_id: string;
  title: string;
  text_fi: string;
  text_sv: string;
  text_en: string;
  /** Null: for any service type. */
  service_code: string | null;
  /** A detailed status value (base or PUBLIC_WORKS_*); null: for any status. */
  status: string | null;
  created_at: string;
  updated_at: string;
}

type TemplateTexts = Pick<ResponseTemplate, 'text_fi' | 'text_sv' | 'text_en'>;
type TemplateTarget = Pick<ResponseTemplate, 'body_id' | 'service_code' | 'status'>;

/** The text in the report's language; a blank one falls back to Finnish, then English. */
export function templateText(template: TemplateTexts, locale: string): string {
  const language = locale.slice(0, 2).toLowerCase();
  const own = language === 'sv' ? template.text_sv : language === 'en' ? template.text_en : template.text_fi;
  return [own, template.text_fi, template.text_en].find((text) => text.trim() !== '') ?? '';
}

/**
 * The templates for a report of `bodyId` and `serviceCode` when its status becomes `detailedStatus`:
 * those of its body (unless `bodyId` is left out: the list holds only its body's already), for its type or any type, for one of the status values or any status (with
 * `anyStatus`; the status back wants one tied to the status). The most specific first: tied to
 * the type, then to the public-works value (the later one), then as listed.
 */
export function templatesFor<T extends TemplateTarget>(
  templates: readonly T[],
  report: { bodyId?: string | null; serviceCode: string; detailedStatus: readonly string[] },
  { anyStatus }: { anyStatus: boolean },
): T[] {
  const statusRank = (status: string | null) => (status === null ? report.detailedStatus.length : report.detailedStatus.length - 1 - report.detailedStatus.indexOf(status));
  return templates
    .filter((template) => report.bodyId === undefined || template.body_id === report.bodyId)
    .filter((template) => template.service_code === null || template.service_code === report.serviceCode)
    .filter((template) => (template.status === null ? anyStatus : report.detailedStatus.includes(template.status)))
    .map((template, index) => ({ template, index }))
    .sort(
      (a, b) =>
        Number(a.template.service_code === null) - Number(b.template.service_code === null) ||
        statusRank(a.template.status) - statusRank(b.template.status) ||
        a.index - b.index,
    )
    .map(({ template }) => template);
}
