import { useTranslation } from 'react-i18next';
import type { BaseDetailedStatus } from '../../../shared/georeport/detailed-status';
import { baseStatusOf } from './request-fields';
import { useDetailedStatusWords } from './use-detailed-status-words';

/** `rejected`: the path ended there without the request being handled. */
type StepState = 'done' | 'current' | 'upcoming' | 'rejected';

/**
 * The handling path RECEIVED → IN_PROCESS → end; the end is PROCESSED unless it ended otherwise.
 * Only steps that happened, or may still happen, are shown: a rejected request was received and
 * then rejected, never handled, so its path is RECEIVED → REJECTED.
 */
export function stepsFor(values: readonly string[]): { status: BaseDetailedStatus; state: StepState }[] {
  const base = baseStatusOf(values) ?? 'RECEIVED';
  if (base === 'REJECTED') {
    return [
      { status: 'RECEIVED', state: 'done' },
      { status: 'REJECTED', state: 'rejected' },
    ];
  }
  const ending: BaseDetailedStatus = base === 'ARCHIVED' ? base : 'PROCESSED';
  const path: BaseDetailedStatus[] = ['RECEIVED', 'IN_PROCESS', ending];
  const reached = path.indexOf(base);
  const last = path.length - 1;
  return path.map((stepStatus, index) => ({
    status: stepStatus,
    // Reaching the end finishes the path: the last step is done, not "in progress".
    state: index < reached || (index === last && reached === last) ? 'done' : index === reached ? 'current' : 'upcoming',
  }));
}

/** A small progress view: which steps are done, which one the request is at, what is left. */
export function DetailedStatusSteps({ values }: { values: readonly string[] }) {
  const { t } = useTranslation('requests');
  const wordsOf = useDetailedStatusWords();
  const stateWords: Record<StepState, string> = {
    done: t('detailedStatus.stepDone'),
    current: t('detailedStatus.stepCurrent'),
    upcoming: t('detailedStatus.stepUpcoming'),
    rejected: t('detailedStatus.stepRejected'),
  };
  const steps = stepsFor(values);
  const reachedIndex = Math.max(steps.findLastIndex((step) => step.state !== 'upcoming'), 0);
  return (
    <ol className="status-steps" aria-label={t('detailedStatus.stepsLabel')}>
      {steps.map((step, index) => (
        <li
          key={step.status}
          className={`status-steps__step status-steps__step--${step.state}`}
          aria-current={index === reachedIndex ? 'step' : undefined}
        >
          <span className="status-steps__marker" aria-hidden="true" />
          <span className="status-steps__label">{wordsOf(step.status).label}</span>
          <span className="visually-hidden"> ({stateWords[step.state]})</span>
        </li>
      ))}
    </ol>
  );
}
