import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import type { CounterLoadProgress } from '../api/fetch-all-counters';
import { formatCount } from '../lib/format';

/** "Loaded 750 of 2,000 counters" with a progress bar, announced politely as pages arrive. */
export function CounterProgress({ progress, done }: { progress: CounterLoadProgress; done: boolean }) {
  const { t, i18n } = useTranslation('counters');
  const language = currentLanguage(i18n);
  const text =
    progress.total === null
      ? t('progress.starting')
      : t(done ? 'progress.done' : 'progress.loading', {
          loaded: formatCount(progress.loaded, language),
          total: formatCount(progress.total, language),
        });
  return (
    <div className="counter-progress" data-loaded={progress.loaded} data-total={progress.total ?? ''}>
      <progress
        className="counter-progress__bar"
        max={progress.total ?? 1}
        value={progress.total === null ? undefined : progress.loaded}
        aria-label={t('progress.label')}
      />
      <p className="counter-progress__text" role="status">
        {text}
      </p>
    </div>
  );
}
