import { useTranslation } from 'react-i18next';
import { isModerationFlag } from '@/shared/moderation/wire';

/**
 * What needs a moderator's attention on a request (issue 41), as words, each in its own list item
 * under a name a screen reader announces; colour only repeats what the words say. A flag this
 * console has no words for yet is left out. Nothing when none.
 */
export function FlagMarkers({ flags }: { flags: string[] }) {
  const { t } = useTranslation('moderation');
  const known = flags.filter(isModerationFlag);
  if (known.length === 0) return null;
  return (
    <ul className="flag-markers" aria-label={t('flags.label')} data-testid="flag-markers">
      {known.map((flag) => (
        <li key={flag} className={`flag-marker flag-marker--${flag}`}>
          {t(`flags.${flag}`)}
        </li>
      ))}
    </ul>
  );
}
