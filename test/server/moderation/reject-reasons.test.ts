/**
 * Reject reasons that tell the truth (issue 41, item 3): a reason from the fixed list, each with
 * its own public words in fi/sv/en; only personal data and abuse withhold the report's own text,
 * photos and place; a duplicate reads "Duplicate of #id"; rejections from before the list read as
 * they did.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serviceRequestSchema } from '../../../src/shared/georeport/service-request-schema';
import type { TestApp } from '../../helpers/georeport-app';
import { urlencoded } from '../georeport/form';
import { appWithModerator, publicDetail, publicListIds, submitRequest, type ModeratorSession } from './moderation-client';

let t: TestApp;
let session: ModeratorSession;
beforeEach(async () => ({ t, session } = await appWithModerator()));
afterEach(() => t.close());

const report = {
  title: 'Kuoppa pihalla',
  description: 'Syvä kuoppa talon pihassa, ei kadulla.',
  address_string: 'Koulukatu 7',
  media_url: 'https://photos.example.org/yard.jpg',
  lat: '60.171234',
  long: '24.941234',
};

const detailIn = async (id: string, locale: string) =>
  (await t.app.inject({ method: 'GET', url: `/open311/v1/requests/${id}.json?extensions=true&locale=${locale}` })).json()[0];

const reject = (id: string, body: unknown) => session.request('POST', `/requests/${id}/reject`, body);

describe('the reject reason', () => {
  it('is checked by the schema: an unknown or missing one is refused naming the allowed values', async () => {
    const id = await submitRequest(t);
    for (const body of [{ reason: 'Not a pothole: private yard' }, {}, undefined]) {
      const response = await reject(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toEqual({
        code: 'invalid_input',
        message: 'reason: reason must be one of personal_data, abusive, not_responsible, not_a_problem, duplicate, other',
        fields: [{ field: 'reason', code: 'unknown_value', message: 'reason must be one of personal_data, abusive, not_responsible, not_a_problem, duplicate, other' }],
      });
    }
    expect((await session.request('GET', `/requests/${id}`)).json().moderation).toBe('pending');
  });

  it('asks for what each reason needs, and refuses what it does not take', async () => {
    const id = await submitRequest(t);
    const cases: [unknown, string, string][] = [
      [{ reason: 'not_responsible' }, 'where', 'required'],
      [{ reason: 'not_responsible', where: '  ' }, 'where', 'required'],
      [{ reason: 'duplicate' }, 'original', 'required'],
      [{ reason: 'other' }, 'note', 'required'],
      [{ reason: 'not_a_problem', where: 'HSY' }, 'where', 'unknown_field'],
      [{ reason: 'abusive', original: 'abc' }, 'original', 'unknown_field'],
      [{ reason: 'duplicate', original: 'abc', note: 'Same pothole.' }, 'note', 'unknown_field'],
      [{ reason: 'not_responsible', where: '<b>HSY</b>' }, 'where', 'html'],
      [{ reason: 'other', note: 'x'.repeat(2001) }, 'note', 'too_long'],
    ];
    for (const [body, field, code] of cases) {
      const response = await reject(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields, JSON.stringify(body)).toEqual([expect.objectContaining({ field, code })]);
    }
  });

  it('not our responsibility: closed, never listed, its text, photos and place still public, its reason and where to report in each language', async () => {
    const id = await submitRequest(t, report);
    const response = await reject(id, { reason: 'not_responsible', where: 'the housing company (isännöitsijä)' });
    expect(response.statusCode).toBe(200);
    expect(await publicListIds(t)).toEqual([]);

    const english = await publicDetail(t, id);
    expect(serviceRequestSchema.parse(english)).toEqual(english);
    expect(english).toMatchObject({
      status: 'closed',
      status_notes: 'This is not ours to handle, so the report is closed here. Report it instead to: the housing company (isännöitsijä)',
      description: report.description,
      address: report.address_string,
      lat: report.lat,
      media_url: report.media_url,
      extended_attributes: { title: report.title, detailed_status: 'REJECTED', reject_reason: 'not_responsible' },
    });
    expect(english.extended_attributes).not.toHaveProperty('content_withheld');
    expect(english.extended_attributes.history.at(-1)).toEqual(expect.objectContaining({ kind: 'status', detailed_status: 'REJECTED', reject_reason: 'not_responsible' }));
    expect((await detailIn(id, 'fi')).status_notes).toBe('Asia ei kuulu meille, joten ilmoitus suljettiin täällä. Ilmoita siitä sen sijaan: the housing company (isännöitsijä)');
    expect((await detailIn(id, 'sv')).status_notes).toBe('Det här hör inte till oss, så anmälan stängdes här. Anmäl det i stället till: the housing company (isännöitsijä)');
    // The audit keeps the reason's code, not the moderator's words.
    const audit = (await session.request('GET', `/requests/${id}`)).json().audit;
    expect(audit.at(-1)).toMatchObject({ action: 'reject', details: { from: 'pending', reason: 'not_responsible', note_given: false } });
    expect(JSON.stringify(audit)).not.toContain('housing company');
  });

  it('not a problem and other keep the report public; the moderator\'s note follows the reason', async () => {
    const notAProblem = await submitRequest(t, report);
    await reject(notAProblem, { reason: 'not_a_problem', note: 'The sign was straightened already.' });
    expect(await detailIn(notAProblem, 'en')).toMatchObject({
      description: report.description,
      status_notes: 'A moderator looked at this report and found nothing that needs fixing.\n\nThe sign was straightened already.',
      extended_attributes: { reject_reason: 'not_a_problem' },
    });
    const other = await submitRequest(t, report);
    await reject(other, { reason: 'other', note: 'Reported twice by mistake.' });
    expect(await detailIn(other, 'fi')).toMatchObject({
      description: report.description,
      status_notes: 'Moderaattori sulki ilmoituksen.\n\nReported twice by mistake.',
    });
  });

  it('personal data and abuse withhold the text, photos and place, each saying its own reason', async () => {
    const personal = await submitRequest(t, report);
    await reject(personal, { reason: 'personal_data' });
    const abusive = await submitRequest(t, report);
    await reject(abusive, { reason: 'abusive' });

    const personalAnswer = await publicDetail(t, personal);
    expect(serviceRequestSchema.parse(personalAnswer)).toEqual(personalAnswer);
    expect(personalAnswer).toMatchObject({
      status_notes: 'A moderator rejected this report because it held personal information. Its text, photos and exact location are not shown.',
      description: "A moderator removed this report's text, photos and exact location, as they held personal information.",
      address: '',
      extended_attributes: { title: '', media_urls: [], content_withheld: true, reject_reason: 'personal_data' },
    });
    expect(await detailIn(abusive, 'sv')).toMatchObject({
      status_notes: 'En moderator avvisade anmälan eftersom den bröt mot tjänstens regler. Dess text, bilder och exakta plats visas inte.',
      description: 'En moderator tog bort anmälans text, bilder och exakta plats, eftersom de bröt mot tjänstens regler.',
      extended_attributes: { content_withheld: true, reject_reason: 'abusive' },
    });
    for (const id of [personal, abusive]) {
      const answer = JSON.stringify(await publicDetail(t, id));
      for (const value of [report.title, report.description, report.address_string, 'photos.example.org', '60.171']) expect(answer).not.toContain(value);
    }
  });

  it('duplicate: marked as the duplicate route marks it, reading "Duplicate of #id" in its notes and its history', async () => {
    const original = await submitRequest(t);
    await session.request('POST', `/requests/${original}/publish`);
    const id = await submitRequest(t, { ...report, email: 'reporter@example.org' });
    const response = await reject(id, { reason: 'duplicate', original });
    expect(response.statusCode).toBe(200);
    const answer = await publicDetail(t, id);
    expect(answer).toMatchObject({
      status: 'closed',
      status_notes: `Duplicate of #${original}. Updates are published there.`,
      description: report.description,
      extended_attributes: { duplicate_of: original, reject_reason: 'duplicate' },
    });
    expect(answer.extended_attributes.history.at(-1)).toEqual(expect.objectContaining({ kind: 'status', detailed_status: 'REJECTED', duplicate_of: original }));
    expect((await detailIn(id, 'fi')).status_notes).toBe(`Sama asia kuin ilmoituksessa #${original}. Päivitykset julkaistaan siellä.`);
    expect((await session.request('GET', `/requests/${id}`)).json().audit.at(-1)).toMatchObject({ action: 'duplicate', details: { original } });
    // Itself: refused as the duplicate route refuses it.
    const other = await submitRequest(t);
    expect((await reject(other, { reason: 'duplicate', original: other })).json().error.fields[0]).toMatchObject({ field: 'original', code: 'invalid_id' });
  });

  it('the reporter\'s closing email says the reason in their language', async () => {
    const id = await submitRequest(t, { email: 'sven@example.org', locale: 'sv' });
    await reject(id, { reason: 'not_responsible', where: 'HSY' });
    const rows = await t.sql.all<{ to_address: string; body_text: string }>('SELECT to_address, body_text FROM outbox ORDER BY id');
    expect(rows.at(-1)!.body_text).toContain('Det här hör inte till oss, så anmälan stängdes här. Anmäl det i stället till: HSY');
  });

  it('hiding a report of abuse rejects it as abusive unless personal data is named', async () => {
    const id = await submitRequest(t, report);
    await session.request('POST', `/requests/${id}/publish`);
    const abuse = await t.app.inject({ method: 'POST', url: `/open311/v1/requests/${id}/abuse.json`, ...urlencoded({ api_key: t.apiKey, reason: 'My name is in it.' }) });
    expect(abuse.statusCode, abuse.body).toBe(202);
    const hidden = await session.request('POST', `/requests/${id}/abuse/resolve`, { action: 'hide', reason: 'personal_data' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await publicDetail(t, id)).toMatchObject({ extended_attributes: { content_withheld: true, reject_reason: 'personal_data' } });
  });
});

describe('rejections from before the list', () => {
  /** A row as the old reject and duplicate routes left it: no reason code. */
  const oldRejection = (id: string, set: { status_notes?: string; duplicate_of?: string }) =>
    t.repositories.unitOfWork.changeRequest(id, () => ({
      set: { moderation: 'rejected', detailed_status: ['REJECTED'], updated_at: t.clock.now, ...set },
      audit: { at: t.clock.now, moderator: 'maija', action: 'reject', details: {} },
      history: [{ at: t.clock.now, kind: 'status', detailed_status: ['REJECTED'], note: set.status_notes ?? '' }],
    }));

  it('an old free reason stays the status notes and the report stays withheld, as it was', async () => {
    const id = await submitRequest(t, report);
    await oldRejection(id, { status_notes: 'Not a pothole: private yard' });
    const answer = await publicDetail(t, id);
    expect(serviceRequestSchema.parse(answer)).toEqual(answer);
    expect(answer).toMatchObject({
      status_notes: 'Not a pothole: private yard',
      description: "A moderator removed this report's text, photos and exact location, as they broke the service's rules or held personal information.",
      extended_attributes: { content_withheld: true },
    });
    expect(answer.extended_attributes).not.toHaveProperty('reject_reason');
    expect(answer.extended_attributes.history.at(-1)).not.toHaveProperty('reject_reason');
  });

  it('an old duplicate reads "Duplicate of #id", in its history too', async () => {
    const original = await submitRequest(t);
    const id = await submitRequest(t, report);
    await oldRejection(id, { duplicate_of: original });
    const answer = await publicDetail(t, id);
    expect(answer).toMatchObject({ status_notes: `Duplicate of #${original}. Updates are published there.`, description: report.description });
    expect(answer.extended_attributes.history.at(-1)).toMatchObject({ duplicate_of: original });
  });
});
