/**
 * The store cannot be reached for now (PostgreSQL down or unreachable, SQLite locked past its busy
 * timeout): the caller should answer "try again shortly" instead of a generic failure. Both
 * backends' errors are recognised here, so nothing outside storage/ knows an engine's codes.
 */
export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super('the database cannot be reached right now', { cause });
    this.name = 'StoreUnavailableError';
  }
}

/** SQLSTATE classes and codes that mean "not reachable now", not "this statement is wrong". */
const unavailableSqlStates = /^(08|53|57P0[123])/;
const unavailableNodeCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN']);
const unavailableSqliteCodes = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_TIMEOUT']);

export function isStoreUnavailable(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string') return false;
  return unavailableSqliteCodes.has(code);
}

/** A PostgreSQL driver error that means the server could not be reached or went away. */
export function isPostgresConnectionFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') return unavailableSqlStates.test(code) || unavailableNodeCodes.has(code);
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message);
}

/** Seconds a client should wait before trying again. */
export const storeRetryAfterSeconds = 5;

/** A moderator's decision on a resident update that another decision got to first. */
export class ResidentUpdateNotPending extends Error {
  constructor(readonly updateId: string) {
    super(`update ${updateId} is no longer pending`);
    this.name = 'ResidentUpdateNotPending';
  }
}

/** A questionnaire answered already (or never sent): its links are single use. */
export class QuestionnaireAnsweredError extends Error {
  constructor() {
    super('this questionnaire has been answered already');
    this.name = 'QuestionnaireAnsweredError';
  }
}
