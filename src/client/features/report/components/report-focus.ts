/**
 * Where keyboard focus goes in the report form: to the field of the first error, to the list of
 * problems, back to the start after a sent report, or to the draft status after a discard.
 */
import { useEffect, useState } from 'react';
import { questionControl } from '../../../components/questions/question-fields';
import type { ErrorTarget } from '../validation/report-form-values';
import { LOCATION_FOCUS_ID } from './location-step';
import { PHOTOS_FOCUS_ID } from './photo-step';
import { SERVICE_TYPE_SEARCH_ID } from './service-type-picker';

export const START_HEADING_ID = 'report-step-type';
export const PROBLEMS_ID = 'report-problems';
export const DRAFT_STATUS_ID = 'report-draft-status';

export type FocusRequest = ErrorTarget | 'problems' | 'start' | 'draft-status';

export function focusTarget(target: FocusRequest): void {
  const byId = (id: string) => document.getElementById(id)?.focus();
  switch (target) {
    case 'service_code': {
      const radio =
        document.querySelector<HTMLInputElement>('.report-form input[name="service_code"]:checked') ??
        document.querySelector<HTMLInputElement>('.report-form input[name="service_code"]');
      if (radio) radio.focus();
      else byId(SERVICE_TYPE_SEARCH_ID);
      return;
    }
    case 'location':
      return byId(LOCATION_FOCUS_ID);
    case 'photos':
      return byId(PHOTOS_FOCUS_ID);
    case 'answers':
      focusFirstInvalidQuestion();
      return;
    case 'problems':
      return byId(PROBLEMS_ID);
    case 'start':
      return byId(START_HEADING_ID);
    case 'draft-status':
      return byId(DRAFT_STATUS_ID);
    default:
      // Within the form: the page head has a <meta name="description"> too.
      document.querySelector<HTMLElement>(`.report-form [name="${target}"]`)?.focus();
  }
}

/** The first question with an error: its field, or in a group the chosen (else the first) option. */
function focusFirstInvalidQuestion(): boolean {
  const control = questionControl(document.querySelector<HTMLElement>('.report-form [data-question-invalid="true"]'));
  control?.focus();
  return control != null;
}

/**
 * react-hook-form calls onInvalid before it publishes the errors, and a question is marked
 * invalid only once its error shows (other fields exist all along): so look again for a few frames.
 */
function focusQuestionWhenShown(framesLeft = 10): void {
  if (focusFirstInvalidQuestion() || framesLeft === 0) return;
  requestAnimationFrame(() => focusQuestionWhenShown(framesLeft - 1));
}

/**
 * `requestFocus(target)` moves focus after the render that shows what it points at (an error,
 * the summary); asking twice for the same target moves it twice.
 */
export function useFocusRequest(): (target: FocusRequest) => void {
  const [focusRequest, setFocusRequest] = useState<{ target: FocusRequest; seq: number }>();
  useEffect(() => {
    if (focusRequest?.target === 'answers') focusQuestionWhenShown();
    else if (focusRequest) focusTarget(focusRequest.target);
  }, [focusRequest]);
  return (target: FocusRequest) => setFocusRequest((previous) => ({ target, seq: (previous?.seq ?? 0) + 1 }));
}
