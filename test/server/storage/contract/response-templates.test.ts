/** Saved responses (issue 41, item 4), on both engines: listed by body and filters, each change written with its audit entry. */
import { describe, expect, it } from 'vitest';
import type { NewAuditEntry, NewResponseTemplate } from '../../../../src/server/storage/repositories/types';
import { baseTime, minute, useFreshStore } from './fixtures';

const template = (title: string, fields: Partial<NewResponseTemplate> = {}): NewResponseTemplate => ({
  body_id: 'espoo',
  title,
  text_fi: `${title} fi`,
  text_sv: `${title} sv`,
  text_en: `${title} en`,
  service_code: null,
  status: null,
  ...fields,
});
const audit = (action: NewAuditEntry['action'], details: Record<string, unknown>): NewAuditEntry => ({ at: baseTime, moderator: 'aino', action, service_request_id: null, details });

describe('response templates', () => {
  const opened = useFreshStore();

  it('lists by body, then title; type and status filters keep those for that value and those for any', async () => {
    const { responseTemplates } = opened.store;
    const save = (title: string, fields: Partial<NewResponseTemplate> = {}) =>
      responseTemplates.create(template(title, fields), baseTime, (id) => audit('response_create', { response: id }));
    const zeta = await save('Zeta');
    const alpha = await save('Alpha', { service_code: '171', status: 'PROCESSED' });
    const otherType = await save('Other type', { service_code: '999' });
    const received = await save('Received', { status: 'RECEIVED' });
    const vantaa = await save('Vantaa', { body_id: 'vantaa' });
    expect(alpha).toMatchObject({ ...template('Alpha', { service_code: '171', status: 'PROCESSED' }), created_at: baseTime, updated_at: baseTime });
    const ids = async (query: Parameters<typeof responseTemplates.list>[0]) => (await responseTemplates.list(query)).map((row) => row.id);
    expect(await ids({})).toEqual([alpha.id, otherType.id, received.id, zeta.id, vantaa.id]);
    expect(await ids({ bodyIds: ['vantaa'] })).toEqual([vantaa.id]);
    expect(await ids({ bodyIds: [] })).toEqual([]);
    expect(await ids({ bodyIds: ['espoo'], serviceCode: '171', status: 'PROCESSED' })).toEqual([alpha.id, zeta.id]);
    expect(await responseTemplates.find(received.id)).toEqual(received);
  });

  it('changes and removes one with its audit entry in the same transaction; an absent one is neither', async () => {
    const { responseTemplates, moderation } = opened.store;
    const saved = await responseTemplates.create(template('Fixed'), baseTime, (id) => audit('response_create', { response: id }));
    const changed = await responseTemplates.update(saved.id, { ...template('Done'), status: 'PROCESSED' }, baseTime + minute, audit('response_edit', { response: saved.id }));
    expect(changed).toMatchObject({ id: saved.id, title: 'Done', status: 'PROCESSED', created_at: baseTime, updated_at: baseTime + minute });
    expect(await responseTemplates.remove(saved.id, audit('response_delete', { response: saved.id }))).toBe(true);
    expect(await responseTemplates.remove(saved.id, audit('response_delete', { response: saved.id }))).toBe(false);
    expect(await responseTemplates.update(saved.id, template('Again'), baseTime, audit('response_edit', { response: saved.id }))).toBeUndefined();
    const entries = await moderation.listAudit({ limit: 10 });
    expect(entries.map((entry) => [entry.action, entry.details.response])).toEqual([
      ['response_delete', saved.id],
      ['response_edit', saved.id],
      ['response_create', saved.id],
    ]);
  });
});
