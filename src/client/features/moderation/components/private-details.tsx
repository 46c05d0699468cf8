import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isSupportedLocale } from '@/shared/locales';
import type { ModerationPrivateDetails } from '@/shared/moderation/wire';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="private-details__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The personal fields only moderators see. `compact` (queue cards) lists what was given;
 * the full view also says what was not, so "no email" is not mistaken for "not loaded".
 */
export function PrivateDetails({ details, compact = false }: { details: ModerationPrivateDetails; compact?: boolean }) {
  const { t } = useTranslation('moderation');
  const fullName = [details.first_name, details.last_name].filter(Boolean).join(' ');
  const rows: { key: string; term: string; value: string | null }[] = [
    { key: 'email', term: t('private.email'), value: details.email },
    { key: 'name', term: t('private.name'), value: fullName || null },
    { key: 'phone', term: t('private.phone'), value: details.phone },
  ];
  if (!compact) {
    rows.push(
      { key: 'device', term: t('private.deviceId'), value: details.device_id },
      { key: 'account', term: t('private.accountId'), value: details.account_id },
      {
        key: 'locale',
        term: t('private.language'),
        value: isSupportedLocale(details.locale) ? t(`private.languages.${details.locale}`) : details.locale || null,
      },
    );
  }
  const shown = compact ? rows.filter((row) => row.value) : rows;
  if (shown.length === 0) return <p className="private-details__none">{t('private.noneGiven')}</p>;
  return (
    <dl className={`private-details${compact ? ' private-details--compact' : ''}`}>
      {shown.map((row) => (
        <Row key={row.key} term={row.term}>
          {row.value ? <span className="private-details__value">{row.value}</span> : <span className="private-details__missing">{t('private.notGiven')}</span>}
        </Row>
      ))}
    </dl>
  );
}
