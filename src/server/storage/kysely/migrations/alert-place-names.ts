import { columnTypes, type SchemaStep } from './column-types';

/**
 * A point alert's place in words (issue 42, item 4): the nearest address when it was asked for,
 * in Finnish and Swedish, so every email of the alert names it ("within 500 m of Kaivokatu 12"),
 * not only the confirmation. Null: a street or body alert, no address near the point, or an alert
 * made before this step (its emails give the coordinates, as before).
 */
export const alertPlaceNamesStep: SchemaStep = async (db, kind) => {
  await db.schema.alterTable('alerts').addColumn('place_fi', columnTypes(kind).text).execute();
  await db.schema.alterTable('alerts').addColumn('place_sv', columnTypes(kind).text).execute();
};
