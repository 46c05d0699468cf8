import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/ui/form-field';
import type { ReportFormValues } from '../validation/report-form-values';

export interface ContactStepProps {
  register: UseFormRegister<ReportFormValues>;
  errors: Partial<Record<'email' | 'first_name' | 'last_name' | 'phone', string>>;
}

/** Optional contact details, with the promise that they stay private. */
export function ContactStep({ register, errors }: ContactStepProps) {
  const { t } = useTranslation('report');
  return (
    <>
      <p className="privacy-note">
        <strong>{t('contact.privacyTitle')}</strong> {t('contact.privacy')}
      </p>
      <FormField id="report-email" label={t('contact.emailLabel')} hint={t('contact.emailHint')} error={errors.email}>
        {(control) => <input {...control} className="input" type="email" autoComplete="email" inputMode="email" spellCheck={false} {...register('email')} />}
      </FormField>
      <div className="form-row">
        <FormField id="report-first-name" label={t('contact.firstNameLabel')} error={errors.first_name}>
          {(control) => <input {...control} className="input" type="text" autoComplete="given-name" {...register('first_name')} />}
        </FormField>
        <FormField id="report-last-name" label={t('contact.lastNameLabel')} error={errors.last_name}>
          {(control) => <input {...control} className="input" type="text" autoComplete="family-name" {...register('last_name')} />}
        </FormField>
      </div>
      <FormField id="report-phone" label={t('contact.phoneLabel')} hint={t('contact.phoneHint')} error={errors.phone}>
        {(control) => <input {...control} className="input" type="tel" autoComplete="tel" {...register('phone')} />}
      </FormField>
    </>
  );
}
