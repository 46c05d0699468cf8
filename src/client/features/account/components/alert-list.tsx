import { useTranslation } from 'react-i18next';
import type { ResidentAlertItem } from '../../../../shared/residents/wire';
import { Button } from '../../../components/ui/button';
import { formatCoordinates } from '../../../lib/format-coordinates';
import { currentLanguage } from '../../../lib/i18n';

/** The resident's email alerts: where each looks, how often it writes, and a way to remove it. */
export function AlertList({ alerts, busy, onRemove }: { alerts: readonly ResidentAlertItem[]; busy: boolean; onRemove: (id: number) => void }) {
  const { t, i18n } = useTranslation('account');
  const locale = currentLanguage(i18n);
  if (alerts.length === 0) return <p>{t('alerts.empty')}</p>;
  const areaOf = (alert: ResidentAlertItem) => {
    const { area } = alert;
    if (area.kind === 'point') return t('alerts.point', { radius: area.radius_m, place: formatCoordinates(area.lat, area.long, locale) });
    if (area.kind === 'street') return t('alerts.street', { street: area.street });
    return t('alerts.body', { body: alert.bodyName ?? area.body_id });
  };
  return (
    <ul className="account-list">
      {alerts.map((alert) => (
        <li key={alert.id} className="account-list__item">
          <div className="account-list__head">
            <span className="account-list__name">{areaOf(alert)}</span>
            <span className="account-list__type">{t(alert.frequency === 'daily' ? 'alerts.daily' : 'alerts.immediate')}</span>
            {alert.confirmed ? null : <span className="account-list__type">{t('alerts.pending')}</span>}
          </div>
          <Button variant="secondary" className="account-list__action" aria-label={t('alerts.removeNamed', { area: areaOf(alert) })} disabled={busy} onClick={() => onRemove(alert.id)}>
            {t('alerts.remove')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
