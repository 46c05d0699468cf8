import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../../../src/server/admin/cli';
import { createdStoreEnv, openTestSql, type TestSql } from '../../helpers/test-store';
import { printedLines } from './printed-lines';

describe('npm run admin -- outbox', { timeout: 30_000 }, () => {
  let dataDir: string;
  let env: Record<string, string>;
  let sql: TestSql;
  const { out, err, io, clear } = printedLines();
  const run = (...argv: string[]) => {
    clear();
    return runAdmin(['outbox', ...argv], io, env);
  };
  const now = Date.now();
  const queue = (messageId: string, createdAt: number, failedAt: number | null, lastError: string | null) =>
    sql.run(
      `INSERT INTO outbox (message_id, to_address, locale, subject, body_text, created_at, next_attempt_at, attempts, failed_at, last_error)
       VALUES (?, 'resident@example.org', 'fi', 'Private subject', 'Private text', ?, ?, ?, ?, ?)`,
      messageId, createdAt, createdAt, failedAt === null ? 0 : 8, failedAt, lastError,
    );
  const idOf = async (messageId: string) => (await sql.get<{ id: number }>('SELECT id FROM outbox WHERE message_id = ?', messageId))!.id;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kerro-outbox-cli-'));
    // The store's schema first, as the server's first start makes it, then rows under it.
    env = await createdStoreEnv(dataDir);
    expect(await run('list')).toBe(0);
    expect(out).toEqual(['0 pending; 0 given up.']);
    sql = openTestSql({ ...env, DATA_DIR: dataDir });
  });
  afterEach(async () => {
    await sql.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists the backlog, oldest first, with age, attempts and error, never an address or text', async () => {
    await queue('waiting', now - 3 * 3600_000, null, null);
    await queue('hopeless', now - 2 * 86_400_000, now - 86_400_000, 'EENVELOPE, SMTP 550, during RCPT');
    expect(await run('list')).toBe(0);
    expect(out[0]).toBe('1 pending, the oldest queued 3h ago; 1 given up.');
    expect(out[1]).toMatch(/^id\s+state\s+request\s+age\s+attempts\s+next try\s+last error$/);
    expect(out[2]).toMatch(new RegExp(`^${await idOf('hopeless')}\\s+given up\\s+2d\\s+8\\s+EENVELOPE, SMTP 550, during RCPT$`));
    expect(out[3]).toMatch(new RegExp(`^${await idOf('waiting')}\\s+pending\\s+3h\\s+0\\s+now$`));
    expect(out.join('\n')).not.toMatch(/example\.org|Private/);
    expect(await run('list', '--limit', '1')).toBe(0);
    expect(out.at(-1)).toBe('(the oldest 1; more with --limit N)');
  });

  it('retry queues given-up emails again, due now; purge deletes them; pending ones are left alone', async () => {
    await queue('first', now - 3600_000, now - 60_000, 'ECONNECTION');
    await queue('second', now - 3600_000, now - 60_000, 'ECONNECTION');
    await queue('waiting', now - 60_000, null, null);
    const waiting = await idOf('waiting');
    expect(await run('retry', String(waiting))).toBe(1);
    expect(err).toEqual([`No given-up email #${waiting} (see npm run admin -- outbox list).`]);
    expect(await run('retry', String(await idOf('first')))).toBe(0);
    expect(out).toEqual(['Queued 1 given-up email again; the running server sends it within its next poll.']);
    expect(await sql.get('SELECT failed_at, attempts FROM outbox WHERE message_id = ?', 'first')).toEqual({ failed_at: null, attempts: 0 });
    expect(await run('purge', '--all')).toBe(0);
    expect(out).toEqual(['Deleted 1 given-up email.']);
    expect((await sql.all<{ message_id: string }>('SELECT message_id FROM outbox ORDER BY id')).map((row) => row.message_id)).toEqual(['first', 'waiting']);
    expect(await run('purge', '--all')).toBe(1);
    expect(err).toEqual(['No given-up emails.']);
  });

  it('answers a mistake with usage and exit 2', async () => {
    for (const argv of [['retry'], ['purge', 'x'], ['list', '--limit', '0'], ['frobnicate']]) {
      expect(await run(...argv)).toBe(2);
      expect(err.join('\n')).toMatch(/Usage: npm run admin -- outbox/);
    }
  });
});
