import { useTranslation } from 'react-i18next';
import { ConfirmTwice } from '../../../components/ui/confirm-twice';

/** "Discard draft", asked twice. */
export function DiscardDraft({ onDiscard }: { onDiscard: () => void }) {
  const { t } = useTranslation('report');
  return (
    <ConfirmTwice
      label={t('draft.discard')}
      question={t('draft.discardQuestion')}
      keepLabel={t('draft.keep')}
      confirmLabel={t('draft.discardConfirm')}
      onConfirm={onDiscard}
    />
  );
}
