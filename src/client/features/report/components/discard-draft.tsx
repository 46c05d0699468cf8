import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** "Discard draft", asked twice: one slip of a finger must not throw a report away. */
export function DiscardDraft({ onDiscard }: { onDiscard: () => void }) {
  const { t } = useTranslation('report');
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (asking) confirmRef.current?.querySelector('button')?.focus();
  }, [asking]);

  if (!asking) {
    return (
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {t('draft.discard')}
      </Button>
    );
  }
  return (
    <div ref={confirmRef} className="discard-confirm" role="group" aria-labelledby="report-discard-question">
      <p id="report-discard-question">{t('draft.discardQuestion')}</p>
      <Button variant="secondary" onClick={() => setAsking(false)}>
        {t('draft.keep')}
      </Button>
      <Button variant="secondary" className="button--danger" onClick={onDiscard}>
        {t('draft.discardConfirm')}
      </Button>
    </div>
  );
}
