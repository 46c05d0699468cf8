/** Email alerts for an area, what they were matched with, and the scan's progress (alerts.ts). */
import type { Generated } from 'kysely';

/** An email alert for new published reports in an area (issue 28); the area's columns by `kind`. */
export interface AlertsTable {
  id: Generated<number>;
  email: string;
  kind: 'point' | 'street' | 'body';
  lat: number | null;
  long: number | null;
  radius_m: number | null;
  street: string | null;
  street_key: string | null;
  body_id: string | null;
  frequency: 'immediate' | 'daily';
  locale: string;
  created_at: number;
  confirmed_at: number | null;
  unsubscribed_at: number | null;
  last_sent_at: number | null;
  last_digest_day: string | null;
  /** A point alert's nearest address when asked for, in Finnish and Swedish (both or neither). */
  place_fi: string | null;
  place_sv: string | null;
}

/** A report an alert was matched with: told at once, or waiting (sent_at null) for its daily digest. */
export interface AlertDeliveriesTable {
  alert_id: number;
  service_request_id: string;
  matched_at: number;
  sent_at: number | null;
}

export interface AlertScannedRequestsTable {
  service_request_id: string;
  scanned_at: number;
}

export interface AlertScanTable {
  name: string;
  scanned_from: number;
}

export interface AlertTables {
  alerts: AlertsTable;
  alert_deliveries: AlertDeliveriesTable;
  alert_scanned_requests: AlertScannedRequestsTable;
  alert_scan: AlertScanTable;
}
