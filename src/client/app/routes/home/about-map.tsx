import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { API_PAGE_LIMIT } from '../../../features/map/api/get-published-requests';

/** Under the map, folded: what the map shows and how, in plain words. */
export function AboutMap() {
  const { t } = useTranslation('map');
  return (
    <details className="map-page__about">
      <summary className="disclosure">{t('about.heading')}</summary>
      <p>{t('page.intro')}</p>
      <p>{t('about.howTo')}</p>
      <p>{t('status.pagingNote', { page: API_PAGE_LIMIT })}</p>
      <p>
        <Link to="/counters">{t('page.countersTable')}</Link>
      </p>
    </details>
  );
}
