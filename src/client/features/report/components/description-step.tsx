import { useEffect, useState } from 'react';
import { useWatch, type Control, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/ui/form-field';
import { descriptionLength, titleMaxLength } from '@/shared/georeport/text-limits';
import { currentLanguage } from '../../../lib/i18n';
import { formatNumber } from '../lib/format';
import type { ReportFormValues } from '../validation/report-form-values';

export interface DescriptionStepProps {
  titleRegistration: UseFormRegisterReturn<'title'>;
  descriptionRegistration: UseFormRegisterReturn<'description'>;
  /** The form's control: the step watches the description itself, so a key typed there renders this step, not the whole form. */
  control: Control<ReportFormValues>;
  titleError?: string;
  descriptionError?: string;
}

const COUNT_ID = 'report-description-count';
const ANNOUNCE_DELAY_MS = 1000;

/** Counts as the schema does: the minimum on the trimmed text, the maximum on all of it. */
export function descriptionCountState(text: string): { kind: 'short'; missing: number } | { kind: 'ok'; left: number } | { kind: 'long'; over: number } {
  const trimmed = text.trim().length;
  if (trimmed < descriptionLength.min) return { kind: 'short', missing: descriptionLength.min - trimmed };
  if (text.length > descriptionLength.max) return { kind: 'long', over: text.length - descriptionLength.max };
  return { kind: 'ok', left: descriptionLength.max - text.length };
}

function useCountMessage(description: string): string {
  const { t, i18n } = useTranslation('report');
  const locale = currentLanguage(i18n);
  const state = descriptionCountState(description);
  if (state.kind === 'short') return t('describe.countShort', { count: state.missing, shown: formatNumber(state.missing, locale) });
  if (state.kind === 'long') return t('describe.countLong', { count: state.over, shown: formatNumber(state.over, locale) });
  return t('describe.countLeft', { count: state.left, shown: formatNumber(state.left, locale) });
}

/** Title and description; the count is on screen at once and read out when typing pauses. */
export function DescriptionStep({ titleRegistration, descriptionRegistration, control, titleError, descriptionError }: DescriptionStepProps) {
  const { t, i18n } = useTranslation('report');
  const description = useWatch({ control, name: 'description' }) ?? '';
  const locale = currentLanguage(i18n);
  const message = useCountMessage(description);
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(message), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [message]);
  const over = descriptionCountState(description).kind === 'long';

  return (
    <>
      <FormField id="report-title" label={t('describe.titleLabel')} hint={t('describe.titleHint', { max: formatNumber(titleMaxLength, locale) })} error={titleError}>
        {(control) => <input {...control} className="input" type="text" autoComplete="off" {...titleRegistration} />}
      </FormField>
      <FormField
        id="report-description"
        label={t('describe.descriptionLabel')}
        hint={t('describe.descriptionHint', { min: descriptionLength.min, max: formatNumber(descriptionLength.max, locale) })}
        error={descriptionError}
        describedBy={[COUNT_ID]}
      >
        {(control) => <textarea {...control} className="input textarea" rows={6} {...descriptionRegistration} />}
      </FormField>
      <p id={COUNT_ID} className={`char-count${over ? ' char-count--over' : ''}`}>
        {message}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {announced}
      </p>
    </>
  );
}
