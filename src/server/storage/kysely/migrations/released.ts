/**
 * The ledger: the name of every schema migration released on main, in the list's order.
 *
 * A database may have been made by any commit of main, so what main has released is fixed: a
 * released step is never renamed, reordered, edited or removed, and a new one goes at the end.
 * test/server/storage/migration-ledger.test.ts holds `schemaMigrations` (list.ts) to this: the
 * list starts with these names in this order, and a step not in here fails the test until its
 * name is appended here, in the same commit that adds the step. When a branch brings in main's
 * new entries, they come first; a step of the branch's own that main has not released yet takes
 * the next free number (Kysely runs the steps in their names' order).
 *
 * A plain list in code, not a file the server reads: the tests hold the list to it, and a merge
 * that touches it conflicts visibly, as list.ts does. (The migrator reads only releasedUnderOtherNames.)
 */
export const releasedMigrations: readonly string[] = [
  '0001-requests',
  '0002-counters',
  '0003-moderation',
  '0004-change-tokens',
  '0005-addresses',
  '0006-follow',
  '0007-observations',
  '0008-listing',
  '0009-idempotency',
  '0010-duplicates',
  '0011-bodies',
  '0012-service-type-archive',
  '0013-forwards',
  '0014-resident-updates',
  '0015-questionnaires',
  '0016-alerts',
  '0017-residents',
  '0018-photo-owners',
  '0019-login-known-addresses',
  '0020-resident-update-client-ids',
  '0021-status-back',
  '0022-case-system-updates',
  '0023-case-system-update-kinds',
  '0024-reject-reasons',
  '0025-service-type-targets',
  '0026-request-desk',
  '0027-response-templates',
  '0028-not-ours-areas',
  '0029-alert-place-names',
];

/**
 * Before the ledger, 0014 and 0015 were released after 0016 and 0017 were already on main, so
 * these databases had later steps than steps they lack: each released state below is the
 * ledger through `through`, less `missing`. The migrator runs the missing steps after the later
 * ones (migrate.ts, allowUnorderedMigrations); the upgrade tests build each of these.
 */
export const releasedOutOfOrder: readonly { commit: string; through: string; missing: readonly string[] }[] = [
  { commit: 'a678c27', through: '0016-alerts', missing: ['0014-resident-updates', '0015-questionnaires'] },
  { commit: 'e173fa2', through: '0017-residents', missing: ['0014-resident-updates', '0015-questionnaires'] },
  { commit: 'e0ddfcb', through: '0017-residents', missing: ['0015-questionnaires'] },
];

/**
 * Steps main released under a name the list no longer gives them: 277748e (and the main commits
 * after it, up to c51b2dc) recorded the resident updates' client-id step as 0022, which c51b2dc
 * renamed 0020 (the same step) before the ledger's test compared the list with main's history.
 * Such a database is the ledger through `through` with `step` recorded as `recorded`; the migrator
 * records it under the list's name before anything else (migrate.ts), and the upgrade tests build it.
 */
export const releasedUnderOtherNames: readonly { commit: string; through: string; step: string; recorded: string }[] = [
  { commit: '277748e', through: '0019-login-known-addresses', step: '0020-resident-update-client-ids', recorded: '0022-resident-update-client-ids' },
];
