import { proxyKeySetting } from '../../src/server/auth/proxy-key';
import { openTestSql } from './test-store';

/** The key the server made for its own proxy on first start (a setting in its store). */
export async function readProxyApiKey(env: { DATA_DIR: string; DATABASE_URL?: string }): Promise<string> {
  const sql = openTestSql(env as Record<string, string>);
  try {
    const row = await sql.get<{ value: string }>('SELECT value FROM settings WHERE name = ?', proxyKeySetting);
    if (!row) throw new Error('the server has not made its proxy key yet');
    return row.value;
  } finally {
    await sql.close();
  }
}
