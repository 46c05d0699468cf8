import type { EngineKind, SchemaStep } from './column-types';
import { addressesStep } from './addresses';
import { alertsStep } from './alerts';
import { bodiesStep } from './bodies';
import { caseSystemUpdateKindsStep } from './case-system-update-kinds';
import { caseSystemUpdatesStep } from './case-system-updates';
import { changeTokensStep } from './change-tokens';
import { countersStep } from './counters';
import { duplicatesStep } from './duplicates';
import { followStep } from './follow';
import { forwardsStep } from './forwards';
import { idempotencyStep } from './idempotency';
import { listingStep } from './listing';
import { loginKnownAddressesStep } from './login-known-addresses';
import { moderationStep } from './moderation';
import { alertPlaceNamesStep } from './alert-place-names';
import { notOursStep } from './not-ours';
import { observationsStep } from './observations';
import { photoOwnersStep } from './photo-owners';
import { questionnairesStep } from './questionnaires';
import { rejectReasonsStep } from './reject-reasons';
import { requestDeskStep } from './request-desk';
import { requestsStep } from './requests';
import { residentUpdateClientIdsStep } from './resident-update-client-ids';
import { residentUpdatesStep } from './resident-updates';
import { residentsStep } from './residents';
import { responseTemplatesStep } from './response-templates';
import { serviceTypeArchiveStep } from './service-type-archive';
import { serviceTypeTargetsStep } from './service-type-targets';
import { statusBackStep } from './status-back';

export interface SchemaMigration {
  /** Recorded in kysely_migration; the list runs in the names' order. */
  name: string;
  step: SchemaStep;
  /**
   * Renames, drops or changes the meaning of what older code reads or writes: an older Kerro
   * refuses to start past it (README, "Upgrading"). Every other step must be additive.
   */
  breaking?: true;
  /**
   * Done already when the schema version the Kerro before this migrator kept (SQLite's PRAGMA
   * user_version, PostgreSQL's schema_migrations) is at least this: its databases are adopted.
   * Only the first eight steps have one; never add it to a new step.
   */
  legacy?: Readonly<Record<EngineKind, number>>;
}

/**
 * The schema of both engines, in order. Append only: never rename, reorder or edit a step that has
 * shipped; a new step's name goes into the ledger (released.ts) in the same commit.
 */
export const schemaMigrations: readonly SchemaMigration[] = [
  { name: '0001-requests', step: requestsStep, legacy: { sqlite: 1, postgres: 1 } },
  { name: '0002-counters', step: countersStep, legacy: { sqlite: 2, postgres: 1 } },
  { name: '0003-moderation', step: moderationStep, legacy: { sqlite: 3, postgres: 1 } },
  { name: '0004-change-tokens', step: changeTokensStep, legacy: { sqlite: 4, postgres: 1 } },
  { name: '0005-addresses', step: addressesStep, legacy: { sqlite: 5, postgres: 2 } },
  { name: '0006-follow', step: followStep, legacy: { sqlite: 6, postgres: 3 } },
  { name: '0007-observations', step: observationsStep, legacy: { sqlite: 7, postgres: 4 } },
  { name: '0008-listing', step: listingStep, legacy: { sqlite: 8, postgres: 5 } },
  { name: '0009-idempotency', step: idempotencyStep },
  { name: '0010-duplicates', step: duplicatesStep },
  { name: '0011-bodies', step: bodiesStep },
  { name: '0012-service-type-archive', step: serviceTypeArchiveStep },
  { name: '0013-forwards', step: forwardsStep },
  { name: '0014-resident-updates', step: residentUpdatesStep },
  { name: '0015-questionnaires', step: questionnairesStep },
  { name: '0016-alerts', step: alertsStep },
  { name: '0017-residents', step: residentsStep },
  { name: '0018-photo-owners', step: photoOwnersStep },
  { name: '0019-login-known-addresses', step: loginKnownAddressesStep },
  { name: '0020-resident-update-client-ids', step: residentUpdateClientIdsStep },
  { name: '0021-status-back', step: statusBackStep },
  { name: '0022-case-system-updates', step: caseSystemUpdatesStep },
  { name: '0023-case-system-update-kinds', step: caseSystemUpdateKindsStep },
  { name: '0024-reject-reasons', step: rejectReasonsStep },
  { name: '0025-service-type-targets', step: serviceTypeTargetsStep },
  { name: '0026-request-desk', step: requestDeskStep },
  { name: '0027-response-templates', step: responseTemplatesStep },
  { name: '0028-not-ours-areas', step: notOursStep },
  { name: '0029-alert-place-names', step: alertPlaceNamesStep },
];
