/**
 * Sending the report: the upload with its progress, and what the answer means for the form.
 * A created report clears the draft and the form; a refusal keeps every field and photo and
 * says what to fix, next to the fields the API named and in one list before the send button.
 * Offline (at the press, or the line lost on the way), the report as it would have been sent
 * moves to the device's outbox, which sends it when the connection is back; the form is emptied
 * as after a send.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { SupportedLocale } from '@/shared/locales';
import { isApiError, type UploadProgress } from '../../../lib/http-client';
import { useCreateServiceRequest, type CreatedReport, type NewReport } from '../api/create-service-request';
import { findSubmission } from '../api/find-submission';
import type { FocusRequest } from '../components/report-focus';
import { clearDraftFields, draftSubmissionIds, markDraftSending } from '../draft/draft-fields-store';
import type { ServiceQuestion } from '../../../lib/service-questions';
import type { DraftPhotos } from '../photos/use-draft-photos';
import { interpretSendError, type GeneralProblem } from '../lib/send-error';
import { askForBackgroundSync, deviceOutbox } from '../outbox/device-outbox';
import type { OutboxLabel, WaitingReport } from '../outbox/outbox';
import { loadReportChecks } from '../validation/load-report-checks';
import { emptyReportValues, errorTargetOf, errorTargetOrder, type ErrorTarget, type ReportFormValues } from '../validation/report-form-values';

export interface SentReport {
  report: CreatedReport;
  gaveEmail: boolean;
}

/** Asking, after a reload mid-send, whether the report arrived: under way, or its plain outcome when it had not. */
export type ArrivalCheck = 'checking' | 'notArrived' | 'checkFailed';

export function useReportSubmission({
  form,
  photos,
  locale,
  requestFocus,
  questions,
  onSent,
  queueLabel,
  onQueued,
  interrupted,
}: {
  form: UseFormReturn<ReportFormValues>;
  photos: DraftPhotos;
  locale: SupportedLocale;
  requestFocus: (target: FocusRequest) => void;
  /** The chosen type's questions at the moment of sending. */
  questions: () => readonly ServiceQuestion[];
  /** Called once the report is created and its draft cleared, before the form is emptied. */
  onSent: (sent: SentReport) => void;
  /** How the outbox names a report kept for later: its type and place as the form shows them. */
  queueLabel: () => OutboxLabel;
  /** Called once an offline report is in the outbox and its draft cleared, before the form is emptied. */
  onQueued: (queued: WaitingReport) => void;
  /** The draft was being sent when the page was left (its sending mark was set): ask whether it arrived. */
  interrupted: boolean;
}) {
  const { handleSubmit, setError, reset } = form;
  const [progress, setProgress] = useState<UploadProgress>();
  const sending = useCreateServiceRequest(setProgress);
  const [photoError, setPhotoError] = useState<string>();
  const [general, setGeneral] = useState<GeneralProblem[]>([]);
  const [showFieldSummary, setShowFieldSummary] = useState(false);
  const [arrivalCheck, setArrivalCheck] = useState<ArrivalCheck | undefined>(interrupted ? 'checking' : undefined);
  const checkStarted = useRef(false);

  /** The report arrived: the draft goes, with its key, and the confirmation shows. */
  const finish = async (report: CreatedReport, gaveEmail: boolean) => {
    clearDraftFields();
    await photos.clear();
    onSent({ report, gaveEmail });
    reset(emptyReportValues);
  };

  // A reload mid-send: the report may have arrived with its answer lost. Its key tells; once.
  useEffect(() => {
    if (!interrupted || checkStarted.current) return;
    checkStarted.current = true;
    findSubmission(draftSubmissionIds()).then(
      async (arrived) => {
        markDraftSending(false);
        if (arrived) await finish(arrived, form.getValues('email').trim() !== '');
        else setArrivalCheck('notArrived');
      },
      () => {
        // Unknown: sending again is safe, the same key makes it arrive once.
        markDraftSending(false);
        setArrivalCheck('checkFailed');
      },
    );
    // Once, for the draft the page opened with.
  }, [interrupted]);

  const clearProblems = () => {
    setGeneral([]);
    setPhotoError(undefined);
    setShowFieldSummary(false);
  };

  const onValid = async (submitted: ReportFormValues) => {
    clearProblems();
    setArrivalCheck(undefined);
    setProgress(undefined);
    // Every try of this draft carries its key, the outbox's later ones too; the mark says, after a
    // reload, that one was under way.
    const report: NewReport = {
      values: submitted,
      photos: photos.items.map((item) => item.blob),
      locale,
      questions: questions(),
      ...draftSubmissionIds(),
    };
    const gaveEmail = submitted.email.trim() !== '';
    // Exactly what would have been sent (its idempotency key too), for the outbox to send later.
    const keepForLater = async () => {
      const queued = await deviceOutbox().queue(report, { gaveEmail, label: queueLabel() });
      askForBackgroundSync();
      clearDraftFields();
      await photos.clear();
      onQueued(queued);
      reset(emptyReportValues);
    };
    if (!navigator.onLine) return keepForLater();
    markDraftSending(true);
    try {
      await finish(await sending.mutateAsync(report), gaveEmail);
    } catch (error) {
      markDraftSending(false);
      if (isApiError(error) && error.kind === 'network' && !navigator.onLine) return keepForLater();
      // Nothing is cleared: every field and photo stays as it was for the next try.
      const failure = interpretSendError(error, await loadReportChecks());
      for (const [target, message] of Object.entries(failure.fieldMessages) as [ErrorTarget, string][]) {
        if (target === 'photos') setPhotoError(message);
        else setError(target === 'location' ? 'lat' : target, { type: 'server', message });
      }
      setGeneral(failure.general);
      const first = errorTargetOrder.find((target) => failure.fieldMessages[target] !== undefined);
      setShowFieldSummary(first !== undefined);
      requestFocus(failure.general.length > 0 || !first ? 'problems' : first);
    }
  };

  const onInvalid = (invalid: Partial<Record<string, unknown>>) => {
    setGeneral([]);
    setShowFieldSummary(true);
    const targets = new Set(Object.keys(invalid).map(errorTargetOf));
    const first = errorTargetOrder.find((target) => targets.has(target));
    requestFocus(first ?? 'problems');
  };

  const checkAndSend = handleSubmit(onValid, onInvalid);
  /**
   * The form's submit handler: checks the fields, then sends. The checks load after the first
   * paint; a report sent before they are here waits for them, and never goes unchecked.
   */
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await loadReportChecks();
    } catch {
      // Without them nothing can be checked or sent: said like any lost connection.
      setShowFieldSummary(false);
      setGeneral([{ kind: 'network' }]);
      requestFocus('problems');
      return;
    }
    await checkAndSend();
  };

  return {
    submit,
    busy: sending.isPending || arrivalCheck === 'checking',
    arrivalCheck,
    progress,
    /** An error from the API about the photos (untranslated). */
    photoError,
    /** Problems that belong to no field: rate limits, lost connections, server failures. */
    general,
    /** Whether the list of field errors shows before the send button. */
    showFieldSummary,
    clearProblems,
  };
}
