import { useTranslation } from 'react-i18next';
import type { PlaceNotOurs } from '../../../hooks/use-place-not-ours';

/**
 * Under the place, before the description: the pin is on a place someone else maintains, and
 * whom to contact instead (the installation's own words, in the reader's language). A live region
 * kept in the page, so moving the pin onto such a place is heard; a chosen type not reported here
 * is said at once (role=alert), with the types that still are.
 */
export function NotOursNote({ notOurs, serviceName, allowedNames }: { notOurs: PlaceNotOurs; serviceName: string | undefined; allowedNames: string[] }) {
  const { t } = useTranslation('report');
  const place = notOurs.kind === 'not-ours' ? notOurs.place : undefined;
  return (
    <>
      <div className="report-not-ours" role="status" data-testid="not-ours">
        {place ? (
          <div className="notice">
            <p>
              <strong>{t('notOurs.title', { place: place.name })}</strong> {place.message}
            </p>
            {place.url ? (
              <p>
                <a href={place.url} target="_blank" rel="noopener noreferrer">
                  {t('notOurs.link', { place: place.name })}
                </a>
              </p>
            ) : null}
            <p>{allowedNames.length > 0 ? t('notOurs.allowed', { types: allowedNames.join(', ') }) : t('notOurs.noneAllowed')}</p>
          </div>
        ) : null}
      </div>
      {notOurs.kind === 'not-ours' && notOurs.typeNotAllowed ? (
        <p className="notice notice--error" role="alert" data-testid="not-ours-blocked">
          {t('notOurs.typeNotAllowed', { type: serviceName ?? '', place: notOurs.place.name })}
        </p>
      ) : null}
    </>
  );
}
