import { useEffect, useRef, useState } from 'react';

/**
 * The confirmation after an action: a live region that also takes focus, because the control
 * that was pressed is often gone afterwards (Publish disappears once published), and focus must
 * not fall back to the top of the page.
 */
export function useActionFeedback() {
  const ref = useRef<HTMLParagraphElement>(null);
  const [feedback, setFeedback] = useState<{ message: string; serial: number }>({ message: '', serial: 0 });

  useEffect(() => {
    if (feedback.serial > 0) ref.current?.focus();
  }, [feedback.serial]);

  const element = (
    <p ref={ref} className={`console-feedback${feedback.message ? ' console-feedback--shown' : ''}`} role="status" tabIndex={-1}>
      {feedback.message}
    </p>
  );
  return {
    element,
    show: (message: string) => setFeedback((current) => ({ message, serial: current.serial + 1 })),
    clear: () => setFeedback((current) => ({ message: '', serial: current.serial })),
  };
}
