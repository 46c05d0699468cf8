/** A report rejected for abuse or personal data, fetched by id (issue 25, §4). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serviceRequestSchema } from '../../../src/shared/georeport/service-request-schema';
import type { TestApp } from '../../helpers/georeport-app';
import { appWithModerator, publicDetail, submitRequest, type ModeratorSession } from '../moderation/moderation-client';

let t: TestApp;
let session: ModeratorSession;
beforeEach(async () => ({ t, session } = await appWithModerator()));
afterEach(() => t.close());

const resident = {
  title: 'Naapurin auto taas väärin',
  description: 'Matti Meikäläinen, puh. 040 123 4567, pysäköi aina tähän.',
  address_string: 'Koulukatu 7',
  media_url: 'https://photos.example.org/matti.jpg',
  lat: '60.171234',
  long: '24.941234',
};
const get = (id: string, query: string) => t.app.inject({ method: 'GET', url: `/open311/v1/requests/${id}${query}` });

describe('a rejected report by id', () => {
  it('still answers every field a single request must have, closed and REJECTED with the reason, but none of the resident’s text, photos or place', async () => {
    const id = await submitRequest(t, resident);
    await session.request('POST', `/requests/${id}/reject`, { reason: 'personal_data', note: 'Puhelinnumero näkyi.' });

    const english = await publicDetail(t, id);
    expect(serviceRequestSchema.parse(english)).toEqual(english);
    expect(english).toEqual({
      service_request_id: id,
      status: 'closed',
      status_notes: 'A moderator rejected this report because it held personal information. Its text, photos and exact location are not shown.\n\nPuhelinnumero näkyi.',
      service_code: '171',
      service_name: 'Potholes',
      description: "A moderator removed this report's text, photos and exact location, as they held personal information.",
      agency_responsible: expect.any(String),
      service_notice: expect.any(String),
      requested_datetime: expect.any(String),
      updated_datetime: expect.any(String),
      address: '',
      address_id: '',
      zip_code: '',
      extended_attributes: {
        title: '',
        detailed_status: 'REJECTED',
        media_urls: [],
        history: [expect.objectContaining({ kind: 'received' }), expect.objectContaining({ kind: 'status', detailed_status: 'REJECTED', note: 'Puhelinnumero näkyi.', reject_reason: 'personal_data' })],
        content_withheld: true,
        reject_reason: 'personal_data',
      },
    });

    // No extensions: the same required fields; XML in Finnish: the notice in the answer's language.
    const plain = (await get(id, '.json')).json()[0];
    expect(Object.keys(plain)).toEqual(expect.arrayContaining(['service_request_id', 'status', 'status_notes', 'service_code', 'service_name', 'description', 'requested_datetime', 'updated_datetime']));
    expect(plain).not.toHaveProperty('extended_attributes');
    const xml = (await get(id, '.xml?extensions=true&locale=fi')).body;
    expect(xml).toContain('<status_notes>Moderaattori hylkäsi ilmoituksen, koska se sisälsi henkilötietoja. Sen tekstiä, kuvia ja tarkkaa sijaintia ei näytetä.\n\nPuhelinnumero näkyi.</status_notes><status>closed</status>');
    expect(xml).toContain('<description>Moderaattori poisti tämän ilmoituksen tekstin, kuvat ja tarkan sijainnin, koska ne sisälsivät henkilötietoja.</description>');
    expect(xml).toContain('<content_withheld>true</content_withheld>');

    for (const answer of [JSON.stringify(english), JSON.stringify(plain), xml]) {
      for (const value of [resident.title, 'Matti', '040 123 4567', resident.address_string, 'photos.example.org', '60.171', '24.941']) expect(answer).not.toContain(value);
    }

    // Moderators still read what they rejected.
    const detail = (await session.request('GET', `/requests/${id}`)).json();
    expect(detail.public).toMatchObject({ description: resident.description, lat: resident.lat, address: resident.address_string });
  });

  it('a pending report stays fetchable by id with all it holds, as the spec says', async () => {
    const id = await submitRequest(t, resident);
    expect(await publicDetail(t, id)).toMatchObject({
      status: 'open',
      description: resident.description,
      address: resident.address_string,
      lat: resident.lat,
      long: resident.long,
      media_url: resident.media_url,
      extended_attributes: { title: resident.title },
    });
  });
});
