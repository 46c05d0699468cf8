import { describe, expect, it } from 'vitest';
import {
  outsideEveryArea,
  problemOfDescription,
  rateLimited,
  tooManyPhotos,
  typeNotHandledHere,
  unknownServiceCode,
  unknownServiceObject,
} from '../../../src/shared/georeport/problems';
import { serviceRequestInputSchema } from '../../../src/shared/georeport/request-input-schema';
import { ApiError } from '../../../src/client/lib/http-client';
import { interpretSendError } from '../../../src/client/features/report/lib/send-error';
import { createTestI18n } from '../test-i18n';
import { classifyMessage } from '../../../src/client/features/report/validation/classify-message';
import { reportResolver } from '../../../src/client/features/report/validation/report-resolver';
import { emptyReportValues, type ReportFormValues } from '../../../src/client/features/report/validation/report-form-values';
import { translateValidationMessage } from '../../../src/client/features/report/validation/translate-message';

async function resolve(values: Partial<ReportFormValues>) {
  const result = await reportResolver({ ...emptyReportValues, ...values }, undefined, { fields: {}, shouldUseNativeValidation: false });
  return Object.fromEntries(Object.entries(result.errors).map(([field, error]) => [field, (error as { message: string }).message]));
}

/** Every message the shared schema can give, straight from the schema. */
function schemaMessages(values: Record<string, string>): string[] {
  const parsed = serviceRequestInputSchema.safeParse(values);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

describe('reading the schema and API messages by their problem codes', () => {
  it.each([
    ['description must be at least 10 characters: say what is wrong', 'description', 'tooShort', 10],
    ['description must be at most 5000 characters', 'description', 'tooLong', 5000],
    ['title must not contain HTML tags or code; write plain text', 'title', 'html', undefined],
    ['first_name must not contain control characters', 'first_name', 'control', undefined],
    ['email must be a valid address such as name@example.org', 'email', 'invalid', undefined],
    ['phone must be a phone number such as +358 40 123 4567', 'phone', 'invalid', undefined],
    ['service_code is required: choose a service type', 'service_code', 'required', undefined],
    // What the schema says of a description left empty or all spaces (it is then "not sent").
    ['description must be text', 'description', 'required', undefined],
    ['a location is required: send lat and long, or service_object_id with service_object_type', 'location', 'required', undefined],
    ['lat and long must be sent together', 'location', 'required', undefined],
    ['lat must be between -90 and 90 (WGS84 degrees)', 'location', 'invalid', undefined],
    ['service_object_type is required when service_object_id is sent', 'location', 'invalid', undefined],
    ['service_object_id demo-park-99 is not in the service object registry; search it again', 'location', 'notInRegistry', undefined],
    ['service_code 999 not found; services.json lists the valid codes', 'service_code', 'unknownType', undefined],
    ['too many media[] files: at most 5 photos per request', 'photos', 'tooManyPhotos', 5],
    ['media[] file 2 is not an image we can read (JPEG, PNG, GIF, WebP or AVIF)', 'photos', 'photoRejected', undefined],
  ])('%s → %s / %s', (message, target, rule, limit) => {
    expect(classifyMessage(message)).toEqual({ target, rule, limit, original: message });
  });

  it('leaves unknown messages unclassified, to be shown as they are', () => {
    expect(classifyMessage('upstream timed out')).toEqual({ target: undefined, rule: undefined, original: 'upstream timed out' });
    // Wording like the schema's is not enough: only the texts the shared tables write are known.
    expect(classifyMessage('description must be at least 12 characters')).toEqual({
      target: undefined,
      rule: undefined,
      original: 'description must be at least 12 characters',
    });
  });

  it('has a rule for every message the shared schema gives for the form fields', () => {
    const messages = [
      ...schemaMessages({}),
      ...schemaMessages({ service_code: 'x', description: 'short', lat: '95', long: 'x' }),
      ...schemaMessages({ service_code: 'x', description: '<b>bold</b> text here', title: 'x'.repeat(201), email: 'nope', phone: 'abc' }),
      ...schemaMessages({ service_code: 'x', description: 'long enough text', first_name: 'a\u0007b', service_object_id: 'x' }),
      ...schemaMessages({ service_code: 'x', description: 'long enough text', lat: '60' }),
    ];
    expect(messages.length).toBeGreaterThan(10);
    for (const message of messages) expect(classifyMessage(message).rule, message).toBeDefined();
  });
});

describe('translating them', () => {
  it('says a server refusal in Finnish from the problem its description names', () => {
    const fi = createTestI18n('fi');
    expect(translateValidationMessage(fi, unknownServiceCode.text({ value: '999', format: 'json' }))).toBe(
      'Tämä ongelmatyyppi ei ole enää käytettävissä. Valitse jokin toinen.',
    );
    expect(translateValidationMessage(fi, unknownServiceObject.text({ value: 'park-9' }))).toBe(
      'Valittua paikkaa ei enää ole paikkaluettelossa. Hae se uudelleen tai aseta nasta kartalle.',
    );
    expect(translateValidationMessage(fi, tooManyPhotos.text({ limit: 4 }))).toBe('Liikaa kuvia: enintään 4. Poista osa.');
    expect(translateValidationMessage(fi, 'description must be at least 10 characters: say what is wrong')).toBe(
      'Kirjoita vähintään 10 merkkiä: kerro, mikä on vialla.',
    );
  });

  it('says a refusal for a place no body covers, or a type the body there does not handle, in the form’s language at its field', () => {
    // The texts the GeoReport service writes (its tests check them word for word).
    const outside = outsideEveryArea.text({ value: 62.5, rest: 27.5 });
    const notHandled = typeNotHandledHere.text({ value: 'service_code 171 (Potholes)', rest: 'City of Espoo (jurisdiction_id espoo.fi)', format: 'espoo.fi' });
    expect(classifyMessage(outside)).toMatchObject({ target: 'location', rule: 'outsideEveryArea' });
    expect(classifyMessage(notHandled)).toMatchObject({ target: 'service_code', rule: 'typeNotHandledHere' });
    expect(translateValidationMessage(createTestI18n('fi'), outside)).toBe(
      'Tässä paikassa olevia ilmoituksia ei käsittele kukaan: paikka on kaikkien palvelun alueiden ulkopuolella. Siirrä nastaa.',
    );
    expect(translateValidationMessage(createTestI18n('sv'), notHandled)).toBe(
      'Den som tar emot rapporter på den här platsen hanterar inte den här typen av problem. Välj en annan typ eller kontrollera platsen.',
    );
  });

  it('puts a server refusal at its field, and reads the wait of a rate limit without Retry-After', () => {
    const refused = new ApiError({
      kind: 'http',
      status: 400,
      url: '/proxy/open311/v1/requests.json',
      errors: [
        { code: 400, description: 'description must be at least 10 characters: say what is wrong' },
        { code: 400, description: tooManyPhotos.text({ limit: 5 }) },
        { code: 400, description: 'attribute[X] is not an attribute of this service; see its service definition' },
      ],
    });
    expect(interpretSendError(refused, { classifyMessage, problemOfDescription })).toEqual({
      fieldMessages: {
        description: 'description must be at least 10 characters: say what is wrong',
        photos: tooManyPhotos.text({ limit: 5 }),
      },
      general: [{ kind: 'message', text: 'attribute[X] is not an attribute of this service; see its service definition' }],
    });
    const limited = new ApiError({
      kind: 'http',
      status: 429,
      url: '/proxy/open311/v1/requests.json',
      errors: [{ code: 429, description: rateLimited.text({ limit: 5, seconds: 42 }) }],
    });
    expect(interpretSendError(limited, { classifyMessage, problemOfDescription }).general).toEqual([{ kind: 'rateLimited', seconds: 42 }]);
  });

  it('uses the field-specific text in fi, sv and en, with the limit from the message', () => {
    const message = 'description must be at least 10 characters: say what is wrong';
    expect(translateValidationMessage(createTestI18n('fi'), message)).toBe('Kirjoita vähintään 10 merkkiä: kerro, mikä on vialla.');
    expect(translateValidationMessage(createTestI18n('sv'), message)).toBe('Skriv minst 10 tecken: berätta vad som är fel.');
    expect(translateValidationMessage(createTestI18n('en'), message)).toBe('Write at least 10 characters: say what is wrong.');
  });

  it('falls back to the general text of the rule, then to the message itself', () => {
    expect(translateValidationMessage(createTestI18n('fi'), 'title must be at most 200 characters')).toBe('Tässä voi olla enintään 200 merkkiä.');
    expect(translateValidationMessage(createTestI18n('fi'), 'the upstream said no')).toBe('the upstream said no');
  });
});

describe('the form resolver (shared schema)', () => {
  it('accepts a complete report and keeps the values as typed', async () => {
    const values = { ...emptyReportValues, service_code: '171', description: 'A deep pothole here.', lat: '60.17', long: '24.94' };
    const result = await reportResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual(values);
  });

  it('accepts a service object instead of coordinates', async () => {
    expect(await resolve({ service_code: '171', description: 'A deep pothole here.', service_object_id: 'demo-park-1', service_object_type: 'urn:kerro:service-objects' })).toEqual({});
  });

  it('reports a missing place together with the other problems, not only after they are fixed', async () => {
    expect(await resolve({ description: 'short' })).toEqual({
      service_code: 'service_code is required: choose a service type',
      description: 'description must be at least 10 characters: say what is wrong',
      lat: 'a location is required: send lat and long, or service_object_id with service_object_type',
    });
  });

  it('refuses HTML, bad emails and phones as the server does', async () => {
    const errors = await resolve({ service_code: '1', description: 'Broken <script>alert(1)</script>', lat: '60', long: '24', email: 'x@', phone: 'call me' });
    expect(Object.keys(errors).sort()).toEqual(['description', 'email', 'phone']);
  });
});
