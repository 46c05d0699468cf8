/**
 * What the reporter's answer to "was it fixed?" changes, as plans the unit of work runs in one
 * transaction with the answer itself (single use: a second answer rolls back).
 *
 * "Fixed" records the answer and a public history entry, nothing else. "Not fixed" reopens a
 * request that is still closed: detailed status RECEIVED (it needs a fresh look; the case
 * system's public-works detail belonged to the closed case) and the closing note cleared, a
 * public `reopened` entry, its subscribers told (notify/public-change.ts's update), the audit
 * log, and its body told by its send method's sender (forwarding/senders/: `reopened`, e.g. an
 * email body's department gets an email, a console body's moderators see the console's flag
 * "Reopened by the reporter", a mySociety-updates case system gets a `reopen` update): the audit
 * entry says how (`body_told`), and the sender's message or case-system update, if any, is queued
 * with the change.
 */
import type { ChangeContext } from '../notify/public-change';
import { updateMessage } from '../notify/subscriber-messages';
import type { ReopenTelling } from '../forwarding/senders/sender';
import type { ChangePlan, ModerationSnapshot } from '../storage/repositories/types';

/** Who the audit log names for the reporter's own answer. */
export const reporterActor = 'reporter';

export const fixedPlan =
  (context: ChangeContext, questionnaireId: number): ChangePlan =>
  (current) => ({
    set: { updated_at: context.now },
    audit: { at: context.now, moderator: reporterActor, action: 'questionnaire_fixed', details: {} },
    history: [{ at: context.now, kind: 'confirmed_fixed', detailed_status: current.detailed_status, note: '' }],
    questionnaireAnswer: { id: questionnaireId, answer: 'fixed' },
  });

export const notFixedPlan =
  (context: ChangeContext, questionnaireId: number, body: ReopenTelling): ChangePlan =>
  (current) => {
    const answer = { id: questionnaireId, answer: 'not_fixed' as const };
    // Reopened by a moderator meanwhile, or hidden: the answer is kept, the request left as it is.
    if (current.status !== 'closed' || current.moderation !== 'published') {
      return {
        set: {},
        audit: { at: context.now, moderator: reporterActor, action: 'questionnaire_not_fixed', details: { reopened: false } },
        questionnaireAnswer: answer,
      };
    }
    const after: ModerationSnapshot = { ...current, status: 'open', detailed_status: ['RECEIVED'], status_notes: '' };
    return {
      set: { detailed_status: after.detailed_status, status_notes: '', updated_at: context.now },
      audit: {
        at: context.now,
        moderator: reporterActor,
        action: 'reopen_by_reporter',
        details: { from: current.detailed_status, body_told: body.told, notified: true },
      },
      history: [{ at: context.now, kind: 'reopened', detailed_status: after.detailed_status, note: '' }],
      notify: updateMessage('reopened', after, context.mail),
      ...(body.notification ? { notification: body.notification } : {}),
      ...(body.caseSystemUpdate ? { caseSystemUpdate: body.caseSystemUpdate } : {}),
      questionnaireAnswer: answer,
    };
  };
