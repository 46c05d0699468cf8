import { columnTypes, withId, type SchemaStep } from './column-types';

/**
 * Email alerts for new published reports in an area (issue 28): each alert (a point and radius,
 * a street, or a body), double opt-in; which report each alert was told of (once, whichever
 * instance sends); which published reports the sender has looked at, and where its scan of the
 * public history stands.
 */
export const alertsStep: SchemaStep = async (db, kind) => {
  const t = columnTypes(kind);
  await db.schema
    .createTable('alerts')
    .$call(withId(kind))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('lat', t.real)
    .addColumn('long', t.real)
    .addColumn('radius_m', 'integer')
    .addColumn('street', 'text')
    // The street as compared: lower-cased, spaces collapsed (the sender matches on it).
    .addColumn('street_key', t.key)
    .addColumn('body_id', t.key)
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    // Only reports published after this are told: the alert's watermark.
    .addColumn('confirmed_at', t.bigint)
    .addColumn('unsubscribed_at', t.bigint)
    .addColumn('last_sent_at', t.bigint)
    // The local day (YYYY-MM-DD) of the last daily digest: at most one a day.
    .addColumn('last_digest_day', 'text')
    .execute();
  await db.schema.createIndex('alerts_by_email').on('alerts').column('email').execute();
  await db.schema.createIndex('alerts_by_street').on('alerts').column('street_key').execute();
  await db.schema.createIndex('alerts_by_body').on('alerts').column('body_id').execute();
  await db.schema
    .createTable('alert_deliveries')
    .addColumn('alert_id', t.bigint, (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('service_request_id', t.key, (c) => c.notNull().references('service_requests.service_request_id').onDelete('cascade'))
    .addColumn('matched_at', t.bigint, (c) => c.notNull())
    // Null while waiting for the alert's daily digest.
    .addColumn('sent_at', t.bigint)
    .addPrimaryKeyConstraint('alert_deliveries_pkey', ['alert_id', 'service_request_id'])
    .execute();
  await db.schema
    .createTable('alert_scanned_requests')
    .addColumn('service_request_id', t.key, (c) => c.primaryKey().references('service_requests.service_request_id').onDelete('cascade'))
    .addColumn('scanned_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('alert_scan')
    .addColumn('name', t.key, (c) => c.primaryKey())
    .addColumn('scanned_from', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('request_history_by_kind_at').on('request_history').columns(['kind', 'at']).execute();
};
