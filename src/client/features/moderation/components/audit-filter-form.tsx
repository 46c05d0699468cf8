import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { auditActions } from '@/shared/moderation/audit-actions';
import { auditPath, hasAuditFilters, type AuditFilterName, type AuditFilters } from '../lib/audit-filters';

/**
 * The audit log's filters (issue 41, item 10): who, which action, which days. Applying them
 * changes the address (`onApply` navigates), so a filtered log can be shared; `errors` are the
 * server's refusals of the address's filters, by field, in the UI language.
 */
export function AuditFilterForm({
  filters,
  errors,
  onApply,
}: {
  filters: AuditFilters;
  errors: Partial<Record<AuditFilterName, string>>;
  onApply: (filters: AuditFilters) => void;
}) {
  const { t } = useTranslation('moderation');
  const id = useId();
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const [reversed, setReversed] = useState(false);
  const set = (name: AuditFilterName) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [name]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // ISO days compare as text; the server checks the same (date_range_reversed).
    const isReversed = Boolean(draft.from && draft.to && draft.from > draft.to);
    setReversed(isReversed);
    if (!isReversed) onApply(draft);
  };
  const errorOf = (name: AuditFilterName) => (name === 'to' && reversed ? t('validation.dateRangeReversed') : errors[name]);

  return (
    <form className="audit-filters" aria-labelledby={`${id}-label`} noValidate onSubmit={onSubmit}>
      <h2 className="audit-filters__label" id={`${id}-label`}>
        {t('audit.filters.label')}
      </h2>
      <div className="audit-filters__fields">
        <FormField id={`${id}-moderator`} label={t('audit.filters.moderator')} hint={t('audit.filters.moderatorHint')} error={errorOf('moderator')}>
          {(control) => <input {...control} className="input" name="moderator" autoComplete="off" value={draft.moderator ?? ''} onChange={set('moderator')} />}
        </FormField>
        <FormField id={`${id}-action`} label={t('audit.filters.action')} error={errorOf('action')}>
          {(control) => (
            <select {...control} className="input" name="action" value={draft.action ?? ''} onChange={set('action')}>
              <option value="">{t('audit.filters.anyAction')}</option>
              {auditActions.map((action) => (
                <option key={action} value={action}>
                  {t(`audit.actionNames.${action}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id={`${id}-from`} label={t('audit.filters.from')} error={errorOf('from')}>
          {(control) => <input {...control} className="input" type="date" name="from" value={draft.from ?? ''} onChange={set('from')} />}
        </FormField>
        <FormField id={`${id}-to`} label={t('audit.filters.to')} error={errorOf('to')}>
          {(control) => <input {...control} className="input" type="date" name="to" min={draft.from || undefined} value={draft.to ?? ''} onChange={set('to')} />}
        </FormField>
      </div>
      <div className="audit-filters__actions">
        <Button type="submit">{t('audit.filters.apply')}</Button>
        {hasAuditFilters(filters) ? (
          <Link className="audit-filters__clear" to={auditPath({})}>
            {t('audit.filters.clear')}
          </Link>
        ) : null}
      </div>
    </form>
  );
}
