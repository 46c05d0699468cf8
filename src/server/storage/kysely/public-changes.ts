/** The public changes of every readable request within a window, for servicerequestupdates (issue 40, item 8). */
import type { Engine } from './engine';
import { decodeDetailedStatus } from '../request-rows';
import type { PublicChange, PublicChangeQuery } from '../repositories/types';

export function publicChangesReader(engine: Engine) {
  return async ({ from, to, kinds, bodyId, limit }: PublicChangeQuery): Promise<PublicChange[]> => {
    if (kinds.length === 0) return [];
    const rows = await engine.db
      .selectFrom('request_history as h')
      .innerJoin('service_requests as r', 'r.service_request_id', 'h.service_request_id')
      // Only a published update is shown, whatever a history row names.
      .leftJoin('resident_updates as u', (join) => join.onRef('u.id', '=', 'h.resident_update_id').on('u.moderation', '=', 'published'))
      .select(['h.id', 'h.service_request_id', 'h.at', 'h.kind', 'h.detailed_status', 'h.note', 'r.duplicate_of'])
      .select(['u.id as update_id', 'u.text as update_text', 'u.media_file as update_media'])
      // By kind first: request_history_by_kind_at (0016) then serves the window.
      .where('h.kind', 'in', kinds)
      .where('h.at', '>=', from)
      .where('h.at', '<=', to)
      // What the public may read: a published request, or a duplicate (its answer points to its original).
      .where((eb) => eb.or([eb('r.moderation', '=', 'published'), eb.and([eb('r.moderation', '=', 'rejected'), eb('r.duplicate_of', 'is not', null)])]))
      .where((eb) => eb.or([eb('h.kind', '!=', 'resident_update'), eb('u.id', 'is not', null)]))
      .$if(bodyId !== undefined, (qb) => qb.where('r.body_id', '=', bodyId!))
      .orderBy('h.at')
      .orderBy('h.id')
      .limit(limit)
      .execute();
    return rows.map(({ id, detailed_status, update_id, update_text, update_media, ...row }) => ({
      ...row,
      history_id: Number(id),
      detailed_status: decodeDetailedStatus(detailed_status),
      resident_update: update_id !== null && update_text !== null ? { id: update_id, text: update_text, media_file: update_media } : null,
    }));
  };
}
