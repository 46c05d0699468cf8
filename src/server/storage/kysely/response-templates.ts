/** Moderators' saved responses, written once for both engines. */
import type { Engine } from './engine';
import { insertAuditEntry } from './moderation';
import type { ResponseTemplateRepository } from '../repositories/types';

export function createResponseTemplateRepository(engine: Engine): ResponseTemplateRepository {
  const { db } = engine;
  return {
    async list({ bodyIds, serviceCode, status }) {
      if (bodyIds?.length === 0) return [];
      return db
        .selectFrom('response_templates')
        .selectAll()
        .$if(bodyIds !== undefined, (qb) => qb.where('body_id', 'in', [...bodyIds!]))
        .$if(serviceCode !== undefined, (qb) => qb.where((eb) => eb.or([eb('service_code', '=', serviceCode!), eb('service_code', 'is', null)])))
        .$if(status !== undefined, (qb) => qb.where((eb) => eb.or([eb('status', '=', status!), eb('status', 'is', null)])))
        .orderBy('body_id')
        .orderBy('title')
        .orderBy('id')
        .execute();
    },
    async find(id) {
      return db.selectFrom('response_templates').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async create(template, at, audit) {
      return engine.write(async (trx) => {
        const row = await trx
          .insertInto('response_templates')
          .values({ ...template, created_at: at, updated_at: at })
          .returningAll()
          .executeTakeFirstOrThrow();
        await insertAuditEntry(trx, audit(row.id));
        return row;
      });
    },
    async update(id, fields, at, audit) {
      return engine.write(async (trx) => {
        const row = await trx.updateTable('response_templates').set({ ...fields, updated_at: at }).where('id', '=', id).returningAll().executeTakeFirst();
        if (row) await insertAuditEntry(trx, audit);
        return row;
      });
    },
    async remove(id, audit) {
      return engine.write(async (trx) => {
        const result = await trx.deleteFrom('response_templates').where('id', '=', id).executeTakeFirst();
        const removed = Number(result.numDeletedRows) > 0;
        if (removed) await insertAuditEntry(trx, audit);
        return removed;
      });
    },
  };
}
