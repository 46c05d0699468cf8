/**
 * Tells alerts of newly published reports, on the job loop every queue sender runs. Each pass
 * scans the reports published since the scan's position (alerts repository: each report marked
 * scanned in the transaction that records its matches and queues the immediate alerts' emails,
 * so two instances never tell an alert of a report twice), then sends the daily digests due:
 * from ALERT_DIGEST_HOUR local time on, one per alert per local day, claimed in its transaction.
 * Logs name reports and alert ids: never an address.
 */
import { createJobLoop, type JobLoop, type JobOutcome, type LoopLogger } from '../jobs/job-loop';
import type { MailLinks } from '../notify/mail-links';
import { announceOutboxMessage } from '../notify/outbox-signal';
import type { AlertedReport, PublishedReport, Repositories } from '../storage/repositories/types';
import { alertDigestMessage, alertReportMessage, type AlertMailSettings } from './alerts-messages';
import { alertMatches, largestRadiusMeters, streetKeysOf } from './alerts-matching';

export interface AlertSenderOptions {
  repositories: Pick<Repositories, 'alerts' | 'serviceRequests' | 'serviceTypes' | 'bodies' | 'addresses'>;
  log: LoopLogger;
  mail: { links: MailLinks; mailFrom: string };
  timeZone: string;
  digestHour: number;
  now?: () => number;
  pollIntervalMs?: number;
}

export type AlertSender = JobLoop;

/** The local calendar day (YYYY-MM-DD) and hour of an instant in a time zone. */
export function localDayAndHour(at: number, timeZone: string): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)!.value;
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

/** A job of a pass: a published report to scan, or an alert's digest. */
type AlertJob = `report:${string}` | `digest:${number}`;

export function createAlertSender(options: AlertSenderOptions): AlertSender {
  const { repositories, log } = options;
  const now = options.now ?? Date.now;
  // Listed reports by id, so the job (a string) carries only the id.
  const listed = new Map<string, PublishedReport>();

  const mailSettings = async (): Promise<AlertMailSettings> => ({
    ...options.mail,
    serviceTypes: await repositories.serviceTypes.list(),
    bodies: await repositories.bodies.list(),
    now: now(),
  });

  const scan = async (published: PublishedReport): Promise<JobOutcome> => {
    const request = await repositories.serviceRequests.find(published.service_request_id);
    const streetKeys = request ? await streetKeysOf(request, repositories.addresses) : [];
    const settings = await mailSettings();
    const emails = await repositories.alerts.deliverPublication(
      published,
      {
        streetKeys,
        maxRadiusMeters: largestRadiusMeters,
        matches: (alert, report: AlertedReport) => alertMatches(alert, report, streetKeys),
        immediate: (recipient, report) => alertReportMessage(recipient, report, settings),
      },
      settings.now,
    );
    if (emails === 0) return undefined;
    announceOutboxMessage();
    log.info({ service_request_id: published.service_request_id, alerts: emails }, 'alerts told of a new report');
    return 'sent';
  };

  const digest = async (alertId: number): Promise<JobOutcome> => {
    const settings = await mailSettings();
    const { day } = localDayAndHour(settings.now, options.timeZone);
    const sent = await repositories.alerts.sendDigest(alertId, day, settings.now, (recipient, reports) => alertDigestMessage(recipient, reports, settings));
    if (!sent) return undefined;
    announceOutboxMessage();
    return 'sent';
  };

  return createJobLoop<AlertJob>({
    now,
    pollIntervalMs: options.pollIntervalMs ?? 30_000,
    log,
    passFailed: 'alert sender pass failed',
    async listDue(at, limit) {
      const reports = await repositories.alerts.unscannedPublications(at, limit);
      if (reports.length > 0) {
        for (const report of reports) listed.set(report.service_request_id, report);
        return reports.map((report): AlertJob => `report:${report.service_request_id}`);
      }
      const { day, hour } = localDayAndHour(at, options.timeZone);
      if (hour < options.digestHour) return [];
      return (await repositories.alerts.dueDigests(day, limit)).map((id): AlertJob => `digest:${id}`);
    },
    async handle(job) {
      if (job.startsWith('digest:')) return digest(Number(job.slice('digest:'.length)));
      const id = job.slice('report:'.length);
      const report = listed.get(id);
      listed.delete(id);
      return report ? scan(report) : undefined;
    },
  });
}

/** Starts telling alerts, woken by nothing: publications are found by each poll. */
export function startAlertSender(options: AlertSenderOptions): AlertSender {
  const sender = createAlertSender(options);
  sender.start();
  return sender;
}
