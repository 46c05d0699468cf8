import type { SchemaStep } from './column-types';

/**
 * Every photo served asks whose it is (photo-owners.ts): an update's photo is found by its file
 * name, which needs an index (a request's photo has one already: request_media.file_name is unique).
 */
export const photoOwnersStep: SchemaStep = async (db) => {
  await db.schema.createIndex('resident_updates_media_file').on('resident_updates').columns(['media_file']).execute();
};
