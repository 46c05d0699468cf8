import { useEffect, useId, useRef, useState } from 'react';
import { Button } from './button';

/**
 * A button whose action is asked twice (discarding a draft, cancelling a queued report): a slip of
 * a finger must not throw a report away. The question takes the focus to its first answer, "keep".
 */
export function ConfirmTwice({
  label,
  question,
  keepLabel,
  confirmLabel,
  onConfirm,
}: {
  label: string;
  question: string;
  keepLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLDivElement>(null);
  const questionId = useId();
  useEffect(() => {
    if (asking) confirmRef.current?.querySelector('button')?.focus();
  }, [asking]);

  if (!asking) {
    return (
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {label}
      </Button>
    );
  }
  return (
    <div ref={confirmRef} className="confirm-twice" role="group" aria-labelledby={questionId}>
      <p id={questionId}>{question}</p>
      <Button variant="secondary" onClick={() => setAsking(false)}>
        {keepLabel}
      </Button>
      <Button variant="secondary" className="button--danger" onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </div>
  );
}
