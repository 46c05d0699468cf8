/**
 * Email alerts for new published reports in an area (issue 28): a resident's alert (around a
 * point, a street, a body's area), confirmed by a double opt-in; and what the alert sender needs
 * to tell each alert of each newly published report exactly once, whichever instance runs it.
 * Addresses stay in storage and the outbox; nothing here is ever presented publicly.
 */
import type { AlertArea, AlertFrequency } from '../../../shared/alerts/wire';
import type { NewOutboxMessage } from './outbox';

/** A point alert's place in words: its nearest address, in Finnish and Swedish (English uses the Finnish). */
export interface AlertPlace {
  fi: string;
  sv: string;
}

export interface NewAlert {
  /** Compared case-insensitively; stored lower-cased. */
  email: string;
  area: AlertArea;
  /** A point alert's nearest address when asked for; none for other kinds or with no address near. */
  place?: AlertPlace | null;
  frequency: AlertFrequency;
  locale: string;
  now: number;
}

export interface AlertRecord {
  id: number;
  email: string;
  area: AlertArea;
  /** Stored when the alert was asked for (NewAlert.place); null before that was kept, or with none near. */
  place: AlertPlace | null;
  frequency: AlertFrequency;
  locale: string;
  created_at: number;
  confirmed: boolean;
  unsubscribed: boolean;
}

/** An alert as a message is written to it. */
export type AlertRecipient = Pick<AlertRecord, 'id' | 'email' | 'area' | 'place' | 'frequency' | 'locale'>;

/** Writes an email for one alert; called inside the transaction that queues it. */
export type AlertMessage = (recipient: AlertRecipient) => NewOutboxMessage;

/** What an alert email tells of a report: public facts only, never anything of its reporter. */
export interface AlertedReport {
  service_request_id: string;
  service_code: string;
  title: string | null;
  address_string: string | null;
  lat: number | null;
  long: number | null;
  body_id: string | null;
  published_at: number;
}

export type AlertSubscribeOutcome = 'confirmation_queued' | 'already_active';

/** A report published since the sender last looked, not yet scanned. */
export interface PublishedReport {
  service_request_id: string;
  /** When it was (first) published since the scan's start: epoch ms of its history event. */
  published_at: number;
}

/** How the sender matches one report: its street names (folded), and the exact test of a candidate alert. */
export interface AlertMatching {
  /** The folded street names the report lies on; alerts on these streets are candidates. */
  streetKeys: readonly string[];
  /** Point alerts further than this are never candidates (the largest radius offered). */
  maxRadiusMeters: number;
  /** The final word on a candidate (the radius measured exactly, say). */
  matches(alert: AlertRecipient, report: AlertedReport): boolean;
  /** The email of an immediate alert; a daily one waits for its digest. */
  immediate(recipient: AlertRecipient, report: AlertedReport): NewOutboxMessage;
}

export type AlertDigest = (recipient: AlertRecipient, reports: readonly AlertedReport[]) => NewOutboxMessage;

export interface AlertRepository {
  /**
   * A pending alert (new, or the same area again while still pending) and its confirmation
   * email, in one transaction. The same area already confirmed for the address gets nothing.
   */
  subscribe(alert: NewAlert, confirmation: AlertMessage): Promise<AlertSubscribeOutcome>;
  find(id: number): Promise<AlertRecord | undefined>;
  /** Confirms a pending alert from `now` on; an unsubscribed one stays unsubscribed. */
  confirm(id: number, now: number): Promise<AlertRecord | undefined>;
  unsubscribe(id: number, now: number): Promise<AlertRecord | undefined>;
  /** The address's alerts not unsubscribed, pending ones too, oldest first (a signed-in resident's list). */
  listByEmail(email: string): Promise<AlertRecord[]>;
  /** Deletes the alert if it is the address's; answers whether it was. */
  remove(id: number, email: string): Promise<boolean>;

  /**
   * Reports published since the scan's position (less an overlap for transactions that commit
   * late) that no sender has scanned yet, oldest first; moves the position on. Reports published
   * before every active alert was confirmed are never listed.
   */
  unscannedPublications(now: number, limit: number): Promise<PublishedReport[]>;
  /**
   * Scans one published report in one transaction: marks it scanned (another sender that got
   * there first makes this a no-op), records it for every confirmed alert it matches (confirmed
   * before it was published), and queues the immediate alerts' emails. Answers how many emails.
   */
  deliverPublication(report: PublishedReport, matching: AlertMatching, now: number): Promise<number>;
  /** Daily alerts with reports waiting and no digest yet on local day `day` (YYYY-MM-DD). */
  dueDigests(day: string, limit: number): Promise<number[]>;
  /**
   * Claims the alert's digest of `day` and queues one email of every waiting report still
   * published, in one transaction; false when it already had that day's digest (or nothing to tell).
   */
  sendDigest(alertId: number, day: string, now: number, digest: AlertDigest): Promise<boolean>;
}
