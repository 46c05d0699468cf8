/**
 * The tables the shared repositories (this folder) read and write, as Kysely sees them: one
 * description for both engines. Integers are numbers on both (the PostgreSQL pool parses bigint
 * and numeric as numbers); flags are 0/1 integers on both. Columns only one engine has (SQLite's
 * grid_cell, PostgreSQL's generated locations) are left out: dialect hooks reach them.
 */
import type { AddressTables } from './addresses.table';
import type { AlertTables } from './alerts.table';
import type { ApiKeyTables } from './api-keys.table';
import type { BodyTables } from './bodies.table';
import type { ChangeVersionTables } from './change-versions.table';
import type { CounterTables } from './counters.table';
import type { FollowTables } from './follow.table';
import type { ForwardTables } from './forwards.table';
import type { IdempotencyTables } from './idempotency.table';
import type { MediaBlobTables } from './media-blobs.table';
import type { ModerationTables } from './moderation.table';
import type { NotOursTables } from './not-ours.table';
import type { ObservationTables } from './observations.table';
import type { OutboxTables } from './outbox.table';
import type { QuestionnaireTables } from './questionnaires.table';
import type { RequestDeskTables } from './request-desk.table';
import type { ResidentUpdateTables } from './resident-updates.table';
import type { ResidentTables } from './residents.table';
import type { ResponseTemplateTables } from './response-templates.table';
import type { ServiceObjectTables } from './service-objects.table';
import type { ServiceRequestTables } from './service-requests.table';
import type { ServiceTypeTables } from './service-types.table';
import type { SettingTables } from './settings.table';
import type { ThrottleTables } from './throttle.table';

/** Every table, as one Kysely database type: each area describes its own beside its repository. */
export interface Tables
  extends ServiceTypeTables,
    ApiKeyTables,
    ServiceObjectTables,
    AddressTables,
    ChangeVersionTables,
    ServiceRequestTables,
    FollowTables,
    ResidentUpdateTables,
    OutboxTables,
    ModerationTables,
    SettingTables,
    CounterTables,
    ObservationTables,
    ThrottleTables,
    IdempotencyTables,
    MediaBlobTables,
    BodyTables,
    ForwardTables,
    QuestionnaireTables,
    ResidentTables,
    AlertTables,
    RequestDeskTables,
    ResponseTemplateTables,
    NotOursTables {}
