import { proxyKeySetting } from '../../src/server/auth/proxy-key';
import { createTestApp, type TestApp } from './georeport-app';
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

/** A listening app that keeps its logs and takes many posts through its proxy, with the key that proxy sends. */
export async function proxyingTestApp(): Promise<{ t: TestApp; proxyKey: string }> {
  const t = await createTestApp({ PROXY_POSTS_PER_MINUTE: '1000' }, { listen: true, captureLogs: true });
  return { t, proxyKey: await readProxyApiKey(t.env) };
}
