/**
 * Schema step 6 of the SQLite backend, keeping residents informed: each email's HTML part and one-
 * click unsubscribe link; who hears about a request (the reporter, and followers once they
 * confirm); each request's public, dated history (published, status changes, notes), appended,
 * never overwritten.
 */
export const followSchemaStep = `
  ALTER TABLE outbox ADD COLUMN body_html TEXT NOT NULL DEFAULT '';
  ALTER TABLE outbox ADD COLUMN unsubscribe_url TEXT NOT NULL DEFAULT '';
  CREATE TABLE subscriptions (
    id INTEGER PRIMARY KEY,
    service_request_id TEXT NOT NULL REFERENCES service_requests(service_request_id) ON DELETE CASCADE,
    role TEXT NOT NULL,
    email TEXT NOT NULL,
    locale TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    confirmed_at INTEGER,
    unsubscribed_at INTEGER,
    UNIQUE (service_request_id, role, email)
  );
  CREATE TABLE request_history (
    id INTEGER PRIMARY KEY,
    service_request_id TEXT NOT NULL REFERENCES service_requests(service_request_id) ON DELETE CASCADE,
    at INTEGER NOT NULL,
    kind TEXT NOT NULL,
    detailed_status TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT ''
  );
  CREATE INDEX request_history_request ON request_history (service_request_id, id);
  `;
