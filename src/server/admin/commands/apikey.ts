import { createApiKey } from '../../auth/api-keys';
import type { ApiKeyRecord, Repositories } from '../../storage/repositories/types';
import { isHelp, printTable, usageError as usageOf, type CommandIo } from '../io';

export const apikeyUsage = `Usage: npm run admin -- apikey <command>

  apikey create NAME       issue a new key; it is printed once, alone on the last line
  apikey list              list keys (id, name, prefix, created, revoked); never the keys
  apikey revoke ID|NAME    revoke the key with that id, or every active key with that name`;

const namePattern = /^[\p{L}\p{N}][\p{L}\p{N} ._@:/-]{0,99}$/u;

/**
 * `apikey` group of the admin CLI. Returns the exit code: 0 done, 1 nothing to do or refused,
 * 2 bad usage. Keys are written to `io.out` only by `create`, and only as its last line, so a
 * script can take `tail -n 1`.
 */
export async function apikeyCommand(
  args: readonly string[],
  io: CommandIo,
  repositories: Pick<Repositories, 'apiKeys'>,
  now: number,
): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case 'create':
      return rest.length === 1 ? create(rest[0]!, io, repositories, now) : usageError(io, 'apikey create takes one NAME.');
    case 'list':
      return rest.length === 0 ? list(io, repositories) : usageError(io, 'apikey list takes no arguments.');
    case 'revoke':
      return rest.length === 1 ? revoke(rest[0]!, io, repositories, now) : usageError(io, 'apikey revoke takes one ID or NAME.');
    default:
      return isHelp(command) ? usageError(io) : usageError(io, `Unknown apikey command "${command}".`);
  }
}

async function create(name: string, io: CommandIo, repositories: Pick<Repositories, 'apiKeys'>, now: number): Promise<number> {
  const trimmed = name.trim();
  if (!namePattern.test(trimmed) || /^\d+$/.test(trimmed)) {
    // All-digit names would be ambiguous with ids in `revoke`.
    io.err('A key name is 1–100 letters, digits, spaces or . _ @ : / -, starts with a letter or digit and is not only digits.');
    return 2;
  }
  const existing = await repositories.apiKeys.list();
  if (existing.some((record) => record.name === trimmed && record.revoked_at === null)) {
    io.err(`An active key named "${trimmed}" already exists. Revoke it first or choose another name.`);
    return 1;
  }
  const { key, record } = await createApiKey(repositories.apiKeys, trimmed, now);
  io.out(`Created API key #${record.id} "${record.name}" (prefix ${record.key_prefix}).`);
  io.out('The key is shown only once and cannot be recovered; store it now:');
  io.out(key);
  return 0;
}

async function list(io: CommandIo, repositories: Pick<Repositories, 'apiKeys'>): Promise<number> {
  const records = await repositories.apiKeys.list();
  if (records.length === 0) {
    io.out('No API keys. Create one with: npm run admin -- apikey create NAME');
    return 0;
  }
  printTable(io, [['ID', 'NAME', 'PREFIX', 'CREATED', 'REVOKED'], ...records.map(toRow)]);
  return 0;
}

function toRow(record: ApiKeyRecord): string[] {
  return [
    String(record.id),
    record.name,
    record.key_prefix,
    new Date(record.created_at).toISOString(),
    record.revoked_at === null ? '-' : new Date(record.revoked_at).toISOString(),
  ];
}

async function revoke(idOrName: string, io: CommandIo, repositories: Pick<Repositories, 'apiKeys'>, now: number): Promise<number> {
  const revoked = await repositories.apiKeys.revoke(idOrName.trim(), now);
  if (revoked === 0) {
    io.err(`No active API key has the id or name "${idOrName}". See: npm run admin -- apikey list`);
    return 1;
  }
  io.out(`Revoked ${revoked} key${revoked === 1 ? '' : 's'} matching "${idOrName}".`);
  return 0;
}

const usageError = (io: CommandIo, problem?: string) => usageOf(io, apikeyUsage, problem);
