import { useTranslation } from 'react-i18next';
import type { PlaceBody } from '../../../hooks/use-place-body';

/**
 * Under the place: which body the report goes to, or that no one handles reports there. A live
 * region kept in the page, so moving the pin is heard as well as seen.
 */
export function ReportBodyNote({ reportBody, bodyLabel }: { reportBody: PlaceBody; bodyLabel: string | undefined }) {
  const { t } = useTranslation('report');
  return (
    <div className="report-body-note" role="status" data-testid="report-body">
      {reportBody.kind === 'covered' && bodyLabel ? (
        <p className="notice">
          <strong>{t('body.goesTo', { body: bodyLabel })}</strong> {t('body.goesToHint', { body: bodyLabel })}
        </p>
      ) : null}
      {reportBody.kind === 'outside' ? <p className="notice notice--error">{t('body.outside')}</p> : null}
    </div>
  );
}
