import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LikelyDuplicate } from '@/shared/moderation/wire';
import { consolePaths } from '../lib/console-paths';

/**
 * The reports a request is likely a duplicate of (same type, within 50 m and 30 days, similar
 * text), each with its review page and its public page: a hint, the moderator decides.
 */
export function DuplicateMarks({ duplicates, headingLevel }: { duplicates: LikelyDuplicate[]; headingLevel?: 'p' | 'h3' }) {
  const { t } = useTranslation('moderation');
  if (duplicates.length === 0) return null;
  const Heading = headingLevel ?? 'p';
  return (
    <div className="duplicate-marks" data-testid="duplicate-marks">
      <Heading className="duplicate-marks__title">{t('duplicates.mark', { count: duplicates.length })}</Heading>
      <ul className="duplicate-marks__list">
        {duplicates.map((duplicate) => (
          <li key={duplicate.service_request_id}>
            <Link to={consolePaths.request(duplicate.service_request_id)}>{duplicate.summary || duplicate.service_request_id}</Link>{' '}
            <span className="duplicate-marks__facts">
              {t('duplicates.facts', {
                distance: duplicate.distance_meters,
                similarity: Math.round(duplicate.similarity * 100),
                state: t(`duplicates.state.${duplicate.moderation}`),
                when: t(duplicate.earlier ? 'duplicates.earlier' : 'duplicates.later'),
              })}
            </span>{' '}
            <a href={`/requests/${encodeURIComponent(duplicate.service_request_id)}`}>{t('duplicates.publicPage')}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
