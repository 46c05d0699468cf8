import { useTranslation } from 'react-i18next';
import type { ModerationState } from '@/shared/moderation/wire';

/** Whether the public can find the request in listings: waiting, published or rejected. */
export function ModerationStateBadge({ state }: { state: ModerationState }) {
  const { t } = useTranslation('moderation');
  return (
    <span className={`moderation-state moderation-state--${state}`}>
      <span className="visually-hidden">{t('state.label')}: </span>
      {t(`state.${state}`)}
    </span>
  );
}
