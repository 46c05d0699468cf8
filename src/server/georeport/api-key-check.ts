/** The API key a POST must carry, checked against the keys the operator issued. */
import { verifyApiKey } from '../auth/api-keys';
import type { ApiKeyRecord, ApiKeyRepository } from '../storage/repositories/types';
import { GeoReportError } from '../open311/errors';

/** 403 for a missing or unknown/revoked key; the message says which. Answers the key's record. */
export async function requireApiKey(apiKeys: ApiKeyRepository, key: string | undefined): Promise<ApiKeyRecord> {
  if (key === undefined || key.trim() === '') {
    throw new GeoReportError(403, 'api_key is missing: send your API key in the api_key field');
  }
  const record = await verifyApiKey(apiKeys, key.trim());
  if (!record) {
    throw new GeoReportError(403, 'api_key is invalid or revoked: check the key, or ask the operator for a new one');
  }
  return record;
}
