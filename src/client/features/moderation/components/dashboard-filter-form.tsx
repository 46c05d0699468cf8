import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { dashboardStates } from '@/shared/moderation/dashboard';
import { dashboardPath, hasDashboardFilters, type DashboardFilterName, type DashboardFilters } from '../lib/dashboard-filters';

export interface Choice {
  value: string;
  label: string;
}

/**
 * The dashboard's filters (issue 41, item 9): days made, type, state and body (the area). Applying
 * them changes the address (`onApply` navigates), so a view can be shared; `errors` are the
 * server's refusals of the address's filters, by field, in the UI language.
 */
export function DashboardFilterForm({
  filters,
  errors,
  serviceTypes,
  bodies,
  onApply,
}: {
  filters: DashboardFilters;
  errors: Partial<Record<DashboardFilterName, string>>;
  serviceTypes: readonly Choice[];
  /** The bodies the moderator may pick from; none: no body filter is offered. */
  bodies: readonly Choice[];
  onApply: (filters: DashboardFilters) => void;
}) {
  const { t } = useTranslation('moderation');
  const id = useId();
  const [draft, setDraft] = useState<DashboardFilters>(filters);
  const [reversed, setReversed] = useState(false);
  const set = (name: DashboardFilterName) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [name]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // ISO days compare as text; the server checks the same (date_range_reversed).
    const isReversed = Boolean(draft.from && draft.to && draft.from > draft.to);
    setReversed(isReversed);
    if (!isReversed) onApply(draft);
  };
  const errorOf = (name: DashboardFilterName) => (name === 'to' && reversed ? t('validation.dateRangeReversed') : errors[name]);
  const select = (name: DashboardFilterName, label: string, any: string, choices: readonly Choice[]) => (
    <FormField id={`${id}-${name}`} label={label} error={errorOf(name)}>
      {(control) => (
        <select {...control} className="input" name={name} value={draft[name] ?? ''} onChange={set(name)}>
          <option value="">{any}</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );

  return (
    <form className="audit-filters" aria-labelledby={`${id}-label`} noValidate onSubmit={onSubmit}>
      <h2 className="audit-filters__label" id={`${id}-label`}>
        {t('dashboard.filters.label')}
      </h2>
      <div className="audit-filters__fields">
        <FormField id={`${id}-from`} label={t('dashboard.filters.from')} error={errorOf('from')}>
          {(control) => <input {...control} className="input" type="date" name="from" value={draft.from ?? ''} onChange={set('from')} />}
        </FormField>
        <FormField id={`${id}-to`} label={t('dashboard.filters.to')} error={errorOf('to')}>
          {(control) => <input {...control} className="input" type="date" name="to" min={draft.from || undefined} value={draft.to ?? ''} onChange={set('to')} />}
        </FormField>
        {select('service_code', t('dashboard.filters.type'), t('dashboard.filters.anyType'), serviceTypes)}
        {select('state', t('dashboard.filters.state'), t('dashboard.filters.anyState'), dashboardStates.map((state) => ({ value: state, label: t(`dashboard.states.${state}`) })))}
        {bodies.length > 1 ? select('body', t('dashboard.filters.body'), t('dashboard.filters.anyBody'), bodies) : null}
      </div>
      <div className="audit-filters__actions">
        <Button type="submit">{t('dashboard.filters.apply')}</Button>
        {hasDashboardFilters(filters) ? (
          <Link className="audit-filters__clear" to={dashboardPath({})}>
            {t('dashboard.filters.clear')}
          </Link>
        ) : null}
      </div>
    </form>
  );
}
