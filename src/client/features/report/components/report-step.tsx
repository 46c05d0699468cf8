import { useId, type ReactNode } from 'react';

/** The "Describe the problem" step's heading, which names its region. */
export const DESCRIBE_HEADING_ID = 'report-step-describe';

/**
 * The place step's skip button: the focus goes to the step's first field (a type's first question,
 * else the title), so what the resident types next lands in it, not on a heading.
 */
export function focusDescribeStep(): void {
  const step = document.querySelector(`section[aria-labelledby="${DESCRIBE_HEADING_ID}"]`);
  const field = step?.querySelector<HTMLElement>('input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), select:not(:disabled)');
  (field ?? document.getElementById(DESCRIBE_HEADING_ID))?.focus();
}

export interface ReportStepProps {
  number: number;
  title: string;
  /** "optional" and the like, after the title. */
  note?: string;
  className?: string;
  /** Lets the form move the focus to this step's heading. */
  headingId?: string;
  children: ReactNode;
}

/** One numbered step of the report form: a landmark region named by its heading. */
export function ReportStep({ number, title, note, className, headingId: givenId, children }: ReportStepProps) {
  const generatedId = useId();
  const headingId = givenId ?? generatedId;
  return (
    <section className={['report-step', className].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <h2 id={headingId} className="report-step__title" tabIndex={givenId ? -1 : undefined}>
        <span className="report-step__number" aria-hidden="true">
          {number}
        </span>
        <span className="visually-hidden">{`${number}. `}</span>
        {title}
        {note ? <span className="report-step__note"> ({note})</span> : null}
      </h2>
      {children}
    </section>
  );
}
