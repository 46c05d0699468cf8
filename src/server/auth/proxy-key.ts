import type { Repositories } from '../storage/repositories/types';
import { createApiKey, verifyApiKey } from './api-keys';

export const proxyKeyName = 'kerro-proxy';
/** The settings row holding the key the embedded proxy sends to the embedded service. */
export const proxyKeySetting = 'proxy_api_key';

/**
 * The key the embedded proxy sends to the embedded GeoReport service. API keys are stored
 * hashed, so the proxy's own key is also kept as a setting in the store: one key for every
 * instance that shares the database, never one per instance. Reused while it is active;
 * otherwise (first start, revoked) a fresh one is issued. When instances start together, the
 * first to store its key wins and the others withdraw theirs.
 */
export async function ensureProxyApiKey(
  repositories: Pick<Repositories, 'apiKeys' | 'settings'>,
  now: number = Date.now(),
): Promise<string> {
  const stored = await repositories.settings.get(proxyKeySetting);
  if (stored && (await verifyApiKey(repositories.apiKeys, stored))) return stored;
  const { key, record } = await createApiKey(repositories.apiKeys, proxyKeyName, now);
  const kept = stored
    ? await repositories.settings.replace(proxyKeySetting, stored, key)
    : await repositories.settings.putIfAbsent(proxyKeySetting, key);
  if (kept !== key) await repositories.apiKeys.revoke(String(record.id), now);
  return kept ?? key;
}
