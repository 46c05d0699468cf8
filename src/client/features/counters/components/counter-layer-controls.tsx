import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceivingFilter } from '../lib/counter-filters';

export interface CounterLayerControlsProps {
  enabled: boolean;
  onToggle: (enabled: boolean) => void;
  sources: readonly string[];
  source: string | null;
  onSourceChange: (source: string | null) => void;
  receiving: ReceivingFilter;
  onReceivingChange: (receiving: ReceivingFilter) => void;
}

/** The counters layer switch and, while it is on, its source and "receiving data" filters. */
export function CounterLayerControls(props: CounterLayerControlsProps) {
  const { t } = useTranslation('counters');
  const sourceId = useId();
  const receivingId = useId();
  return (
    <div className="counter-controls">
      <label className="counter-controls__toggle">
        <input type="checkbox" checked={props.enabled} onChange={(changeEvent) => props.onToggle(changeEvent.target.checked)} />{' '}
        {t('layer.toggle')}
      </label>
      {props.enabled ? (
        <div className="counter-controls__filters">
          <div className="counter-controls__field">
            <label htmlFor={sourceId}>{t('filters.source')}</label>
            <select id={sourceId} value={props.source ?? ''} onChange={(changeEvent) => props.onSourceChange(changeEvent.target.value || null)}>
              <option value="">{t('filters.allSources')}</option>
              {[...new Set([...props.sources, ...(props.source ? [props.source] : [])])].map((source) => (
                <option key={source} value={source}>
                  {source}
                </option>
              ))}
            </select>
          </div>
          <div className="counter-controls__field">
            <label htmlFor={receivingId}>{t('filters.receiving')}</label>
            <select
              id={receivingId}
              value={props.receiving ?? ''}
              onChange={(changeEvent) => props.onReceivingChange((changeEvent.target.value || null) as ReceivingFilter)}
            >
              <option value="">{t('filters.receivingAny')}</option>
              <option value="yes">{t('filters.receivingYes')}</option>
              <option value="no">{t('filters.receivingNo')}</option>
            </select>
          </div>
        </div>
      ) : null}
    </div>
  );
}
