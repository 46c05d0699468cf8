import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';

interface RunningServer {
  baseUrl: string;
  dataDir: string;
}

/** A report sent through the proxy as the app sends it; the first service type unless `service_code` is given. */
export async function reportThroughProxy(server: RunningServer, fields: Record<string, string>): Promise<string> {
  const services = (await (await fetch(`${server.baseUrl}/proxy/open311/v1/services.json?locale=en`)).json()) as { service_code: string }[];
  const body = new URLSearchParams({ service_code: services[0]!.service_code, ...fields });
  const response = await fetch(`${server.baseUrl}/proxy/open311/v1/requests.json`, { method: 'POST', body });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { service_request_id: string }[])[0]!.service_request_id;
}

/** Runs `change` on the server's SQLite file: the state a moderator or a sender would leave, without their steps. */
export function inServerDatabase<T>(server: RunningServer, change: (db: Database.Database) => T): T {
  const db = new Database(join(server.dataDir, 'kerro.sqlite'));
  try {
    return change(db);
  } finally {
    db.close();
  }
}

/** A report sent through the proxy, then published (as a moderator would). */
export async function publishedReport(server: RunningServer, fields: Record<string, string>): Promise<string> {
  const id = await reportThroughProxy(server, fields);
  publishInServerDatabase(server, id);
  return id;
}

/** Publishes a report in the server's SQLite file (as a moderator would); answers how many rows changed. */
export function publishInServerDatabase(server: RunningServer, id: string): number {
  // The server holds the same file open in WAL mode; a second connection may write to it.
  return inServerDatabase(server, (db) => db.prepare("UPDATE service_requests SET moderation = 'published' WHERE service_request_id = ?").run(id).changes);
}
