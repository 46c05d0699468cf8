import type { SchemaStep } from './column-types';

/**
 * What Kerro owes a case system grows past a reporter's reopen (issue 40, item 8): a resident's
 * published update and a moderator's note for the body. `kind` says which (rows queued before
 * were reopens), since only the reporter's reopen carries the reporter's contact fields; a
 * resident's update may carry its photo's public link (`media_url`).
 */
export const caseSystemUpdateKindsStep: SchemaStep = async (db) => {
  await db.schema.alterTable('case_system_update_posts').addColumn('kind', 'text', (c) => c.notNull().defaultTo('reopen')).execute();
  await db.schema.alterTable('case_system_update_posts').addColumn('media_url', 'text').execute();
};
