import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { baseDetailedStatuses, type BaseDetailedStatus } from '@/shared/georeport/detailed-status';
import { bulkActions, type BulkAction, type BulkResult } from '@/shared/moderation/bulk';
import { rejectReasons, type RejectReason } from '@/shared/moderation/reject-reasons';
import { useDetailedStatusWords } from '../../../components/request/use-detailed-status-words';
import { Button } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { useBulkAction, type BulkChange } from '../api/bulk-actions';
import { useColleagues } from '../api/colleagues';
import { useResponseTemplates } from '../api/responses';
import { describeError } from '../lib/describe-error';
import { useConsoleSession } from './session-context';
// Its controls are bare (no FormField, which brings the form styles): the list pages load no other form.
import '../../../styles/forms.css';

/** A duplicate needs its own original, so it is marked on each report's page, never in bulk. */
const bulkReasons = rejectReasons.filter((reason): reason is Exclude<RejectReason, 'duplicate'> => reason !== 'duplicate');
const failureCodes = ['conflict', 'not_found', 'invalid_input'] as const;
/** The failures the toolbar words; any other (an internal error) as "could not be changed". */
const failureKey = (code: string) => (failureCodes as readonly string[]).includes(code) ? (code as (typeof failureCodes)[number]) : 'other';

interface Summary {
  action: BulkAction;
  done: number;
  failures: { headline: string; code: string }[];
}

/**
 * The bulk toolbar (issue 41, item 7), shown while reports are selected: an action and the fields
 * it needs, run on each selected report on its own. The summary after it says how many were
 * changed and, per report, which were not and why; the list refreshes.
 */
export function BulkToolbar({
  selected,
  headlineOf,
  onDone,
}: {
  selected: string[];
  headlineOf: (id: string) => string;
  onDone: (changed: string[]) => void;
}) {
  const { t } = useTranslation('moderation');
  const wordsOf = useDetailedStatusWords();
  const { session } = useConsoleSession();
  const bulk = useBulkAction(session.csrfToken);
  const templates = useResponseTemplates();
  const id = useId();
  const [action, setAction] = useState<BulkAction>('publish');
  const [reason, setReason] = useState<Exclude<RejectReason, 'duplicate'>>(bulkReasons[0]!);
  const [where, setWhere] = useState('');
  const [note, setNote] = useState('');
  const [assignee, setAssignee] = useState(session.name);
  const [status, setStatus] = useState<BaseDetailedStatus>('IN_PROCESS');
  /** The saved response chosen for a status ('' none: the note as written). */
  const [responseId, setResponseId] = useState('');
  const [summary, setSummary] = useState<Summary>();
  // Colleagues of one of the moderator's bodies; each report takes only one of its own body's (answered per report).
  const colleagues = useColleagues(action === 'assign');
  const colleagueNames = (colleagues.data ?? []).map((colleague) => colleague.name).filter((name) => name !== session.name);

  const fittingTemplates = (templates.data ?? []).filter((template) => template.status === null || template.status === status);
  const usingResponse = action === 'status' && fittingTemplates.some((template) => String(template.id) === responseId);

  const changeOf = (): BulkChange => {
    switch (action) {
      case 'publish':
        return { action };
      case 'reject':
        return { action, reason, ...(reason === 'not_responsible' ? { where } : {}), ...(note.trim() ? { note } : {}) };
      case 'assign':
        return { action, moderator: assignee === '' ? null : assignee };
      case 'status':
        return responseId && fittingTemplates.some((template) => String(template.id) === responseId)
          ? { action, detailed_status: [status], response: Number(responseId) }
          : { action, detailed_status: [status], status_notes: note };
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ids = selected;
    bulk.mutate(
      { ids, change: changeOf() },
      {
        onSuccess: ({ results }) => {
          const failed = results.filter((result): result is Extract<BulkResult, { ok: false }> => !result.ok);
          setSummary({ action, done: results.length - failed.length, failures: failed.map((result) => ({ headline: headlineOf(result.id), code: result.code })) });
          onDone(results.filter((result) => result.ok).map((result) => result.id));
        },
      },
    );
  };


  return (
    <>
      {selected.length > 0 ? (
        <form className="bulk-toolbar" aria-labelledby={`${id}-title`} onSubmit={submit}>
          <p id={`${id}-title`} className="bulk-toolbar__title">
            {t('bulk.selected', { count: selected.length })}
          </p>
          <label htmlFor={`${id}-action`}>{t('bulk.action')}</label>
          <select id={`${id}-action`} className="input" value={action} onChange={(event) => setAction(event.target.value as BulkAction)}>
            {bulkActions.map((name) => (
              <option key={name} value={name}>
                {t(`bulk.actions.${name}`)}
              </option>
            ))}
          </select>
          {action === 'reject' ? (
            <>
              <label htmlFor={`${id}-reason`}>{t('bulk.reason')}</label>
              <select id={`${id}-reason`} className="input" value={reason} onChange={(event) => setReason(event.target.value as typeof reason)}>
                {bulkReasons.map((code) => (
                  <option key={code} value={code}>
                    {t(`rejectReasons.${code}`)}
                  </option>
                ))}
              </select>
              {reason === 'not_responsible' ? (
                <>
                  <label htmlFor={`${id}-where`}>{t('bulk.where')}</label>
                  <input id={`${id}-where`} className="input" required value={where} onChange={(event) => setWhere(event.target.value)} />
                </>
              ) : null}
            </>
          ) : null}
          {action === 'assign' ? (
            <>
              <label htmlFor={`${id}-assignee`}>{t('bulk.assignee')}</label>
              <select
                id={`${id}-assignee`}
                className="input"
                value={assignee}
                aria-describedby={colleagueNames.length > 0 ? `${id}-assignee-hint` : undefined}
                onChange={(event) => setAssignee(event.target.value)}
              >
                <option value={session.name}>{t('bulk.me', { name: session.name })}</option>
                <option value="">{t('bulk.nobody')}</option>
                {colleagueNames.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
              {colleagueNames.length > 0 ? (
                <p id={`${id}-assignee-hint`} className="bulk-toolbar__hint">
                  {t('bulk.assigneeHint')}
                </p>
              ) : null}
            </>
          ) : null}
          {action === 'status' ? (
            <>
              <label htmlFor={`${id}-status`}>{t('bulk.status')}</label>
              <select id={`${id}-status`} className="input" value={status} onChange={(event) => setStatus(event.target.value as BaseDetailedStatus)}>
                {baseDetailedStatuses.map((value) => (
                  <option key={value} value={value}>
                    {wordsOf(value).label}
                  </option>
                ))}
              </select>
              {fittingTemplates.length > 0 ? (
                <>
                  <label htmlFor={`${id}-response`}>{t('status.savedResponse')}</label>
                  {/* Kept as chosen, unlike the status form's: the server puts its text into each report in that report's language. */}
                  <select id={`${id}-response`} className="input" aria-describedby={`${id}-response-hint`} value={responseId} onChange={(event) => setResponseId(event.target.value)}>
                    <option value="">{t('bulk.noResponse')}</option>
                    {fittingTemplates.map((template) => (
                      <option key={template.id} value={template.id}>
                        {template.title}
                      </option>
                    ))}
                  </select>
                  <p id={`${id}-response-hint`} className="bulk-toolbar__hint">
                    {t('bulk.responseHint')}
                  </p>
                </>
              ) : null}
            </>
          ) : null}
          {(action === 'status' && !usingResponse) || action === 'reject' ? (
            <>
              <label htmlFor={`${id}-note`}>{t('bulk.note')}</label>
              <textarea id={`${id}-note`} className="input" rows={3} required={action === 'reject' && reason === 'other'} value={note} onChange={(event) => setNote(event.target.value)} />
            </>
          ) : null}
          <Button type="submit" disabled={bulk.isPending}>
            {bulk.isPending ? t('bulk.running') : t('bulk.run', { count: selected.length })}
          </Button>
          {bulk.isError ? <ErrorNotice message={describeError(bulk.error, t)} /> : null}
        </form>
      ) : null}
      {/* Outside the form, so it is still said when the changed reports leave the list and the toolbar with them. */}
      <div className="bulk-summary" role="status">
        {summary ? (
          <>
            <p>
              {t(`bulk.done.${summary.action}`, { count: summary.done })}
              {summary.failures.length > 0 ? `, ${t('bulk.failed', { count: summary.failures.length })}` : ''}
            </p>
            {summary.failures.length > 0 ? (
              <ul>
                {summary.failures.map((failure, index) => (
                  <li key={index}>
                    {t('bulk.failure', { headline: failure.headline, reason: t(`bulk.failures.${failureKey(failure.code)}`) })}
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        ) : null}
      </div>
    </>
  );
}
