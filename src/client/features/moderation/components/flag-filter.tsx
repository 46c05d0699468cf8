import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { moderationFlags, type ModerationFlag, type ModerationState } from '@/shared/moderation/wire';
import { consolePaths } from '../lib/console-paths';

/**
 * "Show only": links to the list with each flag (issue 41), so the filter lives in the address and
 * can be shared; the current one is marked aria-current, as the console bar marks its page.
 */
export function FlagFilter({ state, current }: { state: ModerationState; current: ModerationFlag | undefined }) {
  const { t } = useTranslation('moderation');
  const choices: { flag: ModerationFlag | undefined; label: string }[] = [
    { flag: undefined, label: t('flags.all') },
    ...moderationFlags.map((flag) => ({ flag, label: t(`flags.${flag}`) })),
  ];
  return (
    <nav className="flag-filter" aria-label={t('flags.filterLabel')}>
      <p className="flag-filter__label" aria-hidden="true">
        {t('flags.filterLabel')}
      </p>
      <ul className="flag-filter__links">
        {choices.map(({ flag, label }) => (
          <li key={flag ?? 'all'}>
            <Link to={consolePaths.list(state, flag)} className="flag-filter__link" aria-current={flag === current ? 'page' : undefined}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
