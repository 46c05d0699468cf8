/** Email alerts and their sending, written once (issue 28). */
import { sql } from 'kysely';
import { streetKeyOf, type AlertArea } from '../../../shared/alerts/wire';
import { boxAround } from '../geo';
import type { Db, Engine } from './engine';
import { insertOutboxMessage } from './outbox';
import type { AlertedReport, AlertRecipient, AlertRecord, AlertRepository } from '../repositories/types';
import type { AlertsTable } from './alerts.table';

/**
 * How far back each scan looks again before its position: a publication whose transaction
 * commits after a later one was scanned is still found. Scanned reports are marked, so looking
 * again costs a lookup, never a second email.
 */
const SCAN_OVERLAP_MS = 5 * 60_000;
const scanName = 'published';

type AlertRow = Pick<
  AlertsTable,
  'email' | 'kind' | 'lat' | 'long' | 'radius_m' | 'street' | 'body_id' | 'frequency' | 'locale' | 'created_at' | 'confirmed_at' | 'unsubscribed_at' | 'place_fi' | 'place_sv'
> & { id: number };

function areaOf(row: AlertRow): AlertArea {
  if (row.kind === 'point') return { kind: 'point', lat: row.lat!, long: row.long!, radius_m: row.radius_m! as 250 };
  if (row.kind === 'street') return { kind: 'street', street: row.street! };
  return { kind: 'body', body_id: row.body_id! };
}

const recordOf = (row: AlertRow): AlertRecord => ({
  id: Number(row.id),
  email: row.email,
  area: areaOf(row),
  place: row.place_fi !== null && row.place_sv !== null ? { fi: row.place_fi, sv: row.place_sv } : null,
  frequency: row.frequency,
  locale: row.locale,
  created_at: row.created_at,
  confirmed: row.confirmed_at !== null,
  unsubscribed: row.unsubscribed_at !== null,
});

const recipientOf = (row: AlertRow): AlertRecipient => {
  const { id, email, area, place, frequency, locale } = recordOf(row);
  return { id, email, area, place, frequency, locale };
};

/** The area's columns, every other kind's left null. */
function areaColumns(area: AlertArea) {
  return {
    kind: area.kind,
    lat: area.kind === 'point' ? area.lat : null,
    long: area.kind === 'point' ? area.long : null,
    radius_m: area.kind === 'point' ? area.radius_m : null,
    street: area.kind === 'street' ? area.street.trim().replace(/\s+/g, ' ') : null,
    street_key: area.kind === 'street' ? streetKeyOf(area.street) : null,
    body_id: area.kind === 'body' ? area.body_id : null,
  };
}

const alertColumns = ['id', 'email', 'kind', 'lat', 'long', 'radius_m', 'street', 'body_id', 'frequency', 'locale', 'created_at', 'confirmed_at', 'unsubscribed_at', 'place_fi', 'place_sv'] as const;
const reportColumns = ['r.service_request_id', 'r.service_code', 'r.title', 'r.address_string', 'r.lat', 'r.long', 'r.body_id'] as const;

/** The address's alert of the same area, if any (not unsubscribed). */
function sameArea(trx: Db, email: string, area: AlertArea) {
  const columns = areaColumns(area);
  let query = trx.selectFrom('alerts').select(alertColumns).where('email', '=', email).where('kind', '=', area.kind).where('unsubscribed_at', 'is', null);
  if (area.kind === 'point') query = query.where('lat', '=', columns.lat).where('long', '=', columns.long).where('radius_m', '=', columns.radius_m);
  else if (area.kind === 'street') query = query.where('street_key', '=', columns.street_key);
  else query = query.where('body_id', '=', columns.body_id);
  return query.orderBy('id').executeTakeFirst();
}

export function createAlertRepository(engine: Engine): AlertRepository {
  const { db } = engine;
  const find = async (id: number) => {
    const row = await db.selectFrom('alerts').select(alertColumns).where('id', '=', id).executeTakeFirst();
    return row ? recordOf(row) : undefined;
  };
  const active = (query: ReturnType<typeof selectAlerts>) => query.where('confirmed_at', 'is not', null).where('unsubscribed_at', 'is', null);
  const selectAlerts = (trx: Db) => trx.selectFrom('alerts').select(alertColumns);

  return {
    async subscribe(alert, confirmation) {
      const email = alert.email.toLowerCase();
      return engine.write(async (trx) => {
        // PostgreSQL: the same address's subscriptions take turns (SQLite's write lock does).
        await engine.serialize(trx, [`alert:${email}`]);
        const existing = await sameArea(trx, email, alert.area);
        if (existing && existing.confirmed_at !== null) return 'already_active' as const;
        let row: AlertRow;
        // Asked again before confirming: the place as it is named now.
        const asked = { frequency: alert.frequency, locale: alert.locale, created_at: alert.now, place_fi: alert.place?.fi ?? null, place_sv: alert.place?.sv ?? null };
        if (existing) {
          row = { ...existing, ...asked };
          await trx.updateTable('alerts').set(asked).where('id', '=', existing.id).execute();
        } else {
          const values = { email, ...areaColumns(alert.area), ...asked, confirmed_at: null, unsubscribed_at: null, last_sent_at: null, last_digest_day: null };
          const inserted = await trx.insertInto('alerts').values(values).returning('id').executeTakeFirstOrThrow();
          row = { ...values, id: Number(inserted.id) };
        }
        await insertOutboxMessage(trx, confirmation(recipientOf(row)));
        return 'confirmation_queued' as const;
      });
    },
    async confirm(id, now) {
      await db.updateTable('alerts').set({ confirmed_at: now }).where('id', '=', id).where('confirmed_at', 'is', null).where('unsubscribed_at', 'is', null).execute();
      return find(id);
    },
    async unsubscribe(id, now) {
      await db.updateTable('alerts').set({ unsubscribed_at: now }).where('id', '=', id).where('unsubscribed_at', 'is', null).execute();
      return find(id);
    },
    find,
    async listByEmail(email) {
      const rows = await selectAlerts(db).where('email', '=', email.toLowerCase()).where('unsubscribed_at', 'is', null).orderBy('id').execute();
      return rows.map(recordOf);
    },
    async remove(id, email) {
      return engine.write(async (trx) => {
        const owned = await trx.selectFrom('alerts').select('id').where('id', '=', id).where('email', '=', email.toLowerCase()).executeTakeFirst();
        if (!owned) return false;
        await trx.deleteFrom('alert_deliveries').where('alert_id', '=', id).execute();
        await trx.deleteFrom('alerts').where('id', '=', id).execute();
        return true;
      });
    },

    async unscannedPublications(now, limit) {
      const earliest = await db
        .selectFrom('alerts')
        .select((eb) => eb.fn.min('confirmed_at').as('from'))
        .where('confirmed_at', 'is not', null)
        .where('unsubscribed_at', 'is', null)
        .executeTakeFirst();
      const position = await db.selectFrom('alert_scan').select('scanned_from').where('name', '=', scanName).executeTakeFirst();
      const setPosition = (at: number) =>
        db.insertInto('alert_scan').values({ name: scanName, scanned_from: at }).onConflict((oc) => oc.column('name').doUpdateSet({ scanned_from: at })).execute();
      // No confirmed alert: nothing to tell anyone; a later alert only hears of reports published after it.
      if (earliest?.from === null || earliest?.from === undefined) {
        await setPosition(now);
        return [];
      }
      const from = Math.max(Number(earliest.from), position ? position.scanned_from - SCAN_OVERLAP_MS : -Infinity);
      const rows = await db
        .selectFrom('request_history as h')
        .leftJoin('alert_scanned_requests as s', 's.service_request_id', 'h.service_request_id')
        .select((eb) => ['h.service_request_id', eb.fn.min('h.at').as('published_at')])
        .where('h.kind', '=', 'published')
        .where('h.at', '>=', from)
        .where('s.service_request_id', 'is', null)
        .groupBy('h.service_request_id')
        .orderBy('published_at')
        .orderBy('h.service_request_id')
        .limit(limit)
        .execute();
      // The position is the oldest report still to scan, or now when none is.
      await setPosition(rows.length > 0 ? Number(rows[0]!.published_at) : now);
      return rows.map((row) => ({ service_request_id: row.service_request_id, published_at: Number(row.published_at) }));
    },

    async deliverPublication(report, matching, now) {
      return engine.write(async (trx) => {
        const marked = await trx
          .insertInto('alert_scanned_requests')
          .values({ service_request_id: report.service_request_id, scanned_at: now })
          .onConflict((oc) => oc.column('service_request_id').doNothing())
          .returning('service_request_id')
          .executeTakeFirst();
        if (!marked) return 0;
        const request = await trx
          .selectFrom('service_requests as r')
          .select(reportColumns)
          .where('r.service_request_id', '=', report.service_request_id)
          .where('r.moderation', '=', 'published')
          .executeTakeFirst();
        if (!request) return 0;
        const alerted: AlertedReport = { ...request, published_at: report.published_at };
        const box = request.lat !== null && request.long !== null ? boxAround(request.lat, request.long, matching.maxRadiusMeters) : undefined;
        const candidates = await active(selectAlerts(trx))
          .where('confirmed_at', '<=', report.published_at)
          .where((eb) =>
            eb.or([
              ...(box
                ? [
                    eb.and([
                      eb('kind', '=', 'point'),
                      eb('lat', '>=', box.minLatitude),
                      eb('lat', '<=', box.maxLatitude),
                      ...(box.longitudes ? [eb('long', '>=', box.longitudes.min), eb('long', '<=', box.longitudes.max)] : []),
                    ]),
                  ]
                : []),
              ...(matching.streetKeys.length > 0 ? [eb.and([eb('kind', '=', 'street'), eb('street_key', 'in', [...matching.streetKeys])])] : []),
              ...(request.body_id !== null ? [eb.and([eb('kind', '=', 'body'), eb('body_id', '=', request.body_id)])] : []),
              sql<boolean>`1 = 0`,
            ]),
          )
          .orderBy('id')
          .execute();
        let emails = 0;
        for (const candidate of candidates) {
          const recipient = recipientOf(candidate);
          if (!matching.matches(recipient, alerted)) continue;
          const immediate = recipient.frequency === 'immediate';
          const recorded = await trx
            .insertInto('alert_deliveries')
            .values({ alert_id: recipient.id, service_request_id: report.service_request_id, matched_at: now, sent_at: immediate ? now : null })
            .onConflict((oc) => oc.columns(['alert_id', 'service_request_id']).doNothing())
            .returning('alert_id')
            .executeTakeFirst();
          if (!recorded || !immediate) continue;
          await insertOutboxMessage(trx, matching.immediate(recipient, alerted));
          await trx.updateTable('alerts').set({ last_sent_at: now }).where('id', '=', recipient.id).execute();
          emails += 1;
        }
        return emails;
      });
    },

    async dueDigests(day, limit) {
      const rows = await db
        .selectFrom('alerts as a')
        .innerJoin('alert_deliveries as d', 'd.alert_id', 'a.id')
        .select('a.id')
        .distinct()
        .where('a.frequency', '=', 'daily')
        .where('a.confirmed_at', 'is not', null)
        .where('a.unsubscribed_at', 'is', null)
        .where('d.sent_at', 'is', null)
        .where((eb) => eb.or([eb('a.last_digest_day', 'is', null), eb('a.last_digest_day', '<>', day)]))
        .orderBy('a.id')
        .limit(limit)
        .execute();
      return rows.map((row) => Number(row.id));
    },

    async sendDigest(alertId, day, now, digest) {
      return engine.write(async (trx) => {
        const claimed = await trx
          .updateTable('alerts')
          .set({ last_digest_day: day, last_sent_at: now })
          .where('id', '=', alertId)
          .where('frequency', '=', 'daily')
          .where('confirmed_at', 'is not', null)
          .where('unsubscribed_at', 'is', null)
          .where((eb) => eb.or([eb('last_digest_day', 'is', null), eb('last_digest_day', '<>', day)]))
          .returning(alertColumns)
          .executeTakeFirst();
        if (!claimed) return false;
        const waiting = await trx
          .selectFrom('alert_deliveries as d')
          .innerJoin('service_requests as r', 'r.service_request_id', 'd.service_request_id')
          .select([...reportColumns, 'd.matched_at', 'r.moderation'])
          .where('d.alert_id', '=', alertId)
          .where('d.sent_at', 'is', null)
          .orderBy('d.matched_at')
          .orderBy('r.service_request_id')
          .execute();
        await trx.updateTable('alert_deliveries').set({ sent_at: now }).where('alert_id', '=', alertId).where('sent_at', 'is', null).execute();
        // A report hidden again since it was published is not told.
        const reports = waiting
          .filter((row) => row.moderation === 'published')
          .map(({ matched_at, moderation: _moderation, ...report }) => ({ ...report, published_at: matched_at }));
        if (reports.length === 0) return false;
        await insertOutboxMessage(trx, digest(recipientOf(claimed), reports));
        return true;
      });
    },
  };
}
