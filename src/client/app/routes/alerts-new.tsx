import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AlertForm } from '../../features/alerts/components/alert-form';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** A coordinate from the URL, or undefined when it is missing or not one. */
function coordinate(value: string | null, limit: number): number | undefined {
  if (value === null || !/^[-+]?\d+(\.\d+)?$/.test(value.trim())) return undefined;
  const number = Number(value);
  return Math.abs(number) <= limit ? number : undefined;
}

/** /alerts/new?lat=&long=: "Get alerts" for the point the home map showed. */
export function AlertsNewRoute() {
  const { t } = useTranslation('alerts');
  useDocumentTitle(t('page.title'));
  const [params, setParams] = useSearchParams();
  const lat = coordinate(params.get('lat'), 90);
  const long = coordinate(params.get('long'), 180);
  return (
    <div className="page page--alerts">
      <h1>{t('page.title')}</h1>
      {lat !== undefined && long !== undefined ? (
        <>
          <p>{t('page.lead')}</p>
          <AlertForm
            lat={lat}
            long={long}
            // The point moves in the address too: a reload or a shared link keeps it.
            onMove={(point) => setParams({ lat: point.lat.toFixed(6), long: point.long.toFixed(6) }, { replace: true })}
          />
        </>
      ) : (
        <p>{t('page.noPoint')}</p>
      )}
      <p>
        <Link to={lat !== undefined && long !== undefined ? `/?lat=${lat}&long=${long}` : '/'}>{t('page.backToMap')}</Link>
      </p>
    </div>
  );
}
