import { describe, expect, it } from 'vitest';
import {
  photoLabel,
  photoRejected,
  photoTooLarge,
  problemOfDescription,
  rateLimited,
  repeatedField,
  tooManyPhotos,
  unknownServiceCode,
  unknownServiceObject,
} from '../../src/shared/georeport/problems';
import {
  descriptionTextSchema,
  inputProblems,
  serviceRequestInputSchema,
  titleTextSchema,
} from '../../src/shared/georeport/request-input-schema';
import { statusNotesSchema } from '../../src/shared/moderation/input-rules';
import { problemCodes, ProblemTexts } from '../../src/shared/validation/problems';

/** Inputs that break every rule of the request schema at least once. */
const badRequests: Record<string, unknown>[] = [
  {},
  { service_code: '', description: '   ' },
  { service_code: 'x', description: 'short', lat: '95', long: 'x' },
  { service_code: 'x', description: '<b>bold</b> text here', title: 'x'.repeat(201), email: 'nope', phone: 'abc' },
  { service_code: 'x', description: 'long enough text', first_name: 'a\u0007b', service_object_id: 'x' },
  { service_code: 'x', description: 'long enough text', lat: '60' },
  { service_code: 'x', description: 'long enough text', long: '24' },
  {
    service_code: 'x'.repeat(65),
    description: 'x'.repeat(5001),
    lat: '60',
    long: '200',
    media_url: 'ftp://a/b.jpg',
    address_string: '<a',
    address_id: 'x'.repeat(201),
    device_id: 'a\u0001',
    account_id: 'y'.repeat(300),
    service_object_type: 'z'.repeat(501),
    last_name: 'q'.repeat(101),
  },
  { service_code: 'x', description: 'long enough text', lat: '60', long: '24', media_url: 'https://a.example/b.pdf', email: `${'a'.repeat(250)}@x.fi` },
  { service_code: 'x', description: 'long enough text', lat: '-', long: '.5', media_url: 'not a url' },
  { service_code: 5, description: 7, title: 8, lat: 1, email: 3, phone: 4, media_url: 5, device_id: 6 },
];

function issuesOf(schema: { safeParse: (value: unknown) => { error?: { issues: { message: string; path: PropertyKey[] }[] } } }, value: unknown) {
  return schema.safeParse(value).error?.issues ?? [];
}

describe('every failure of the shared schemas has a code', () => {
  it('the GeoReport request schema: each message is declared with its problem, about the field it names', () => {
    const issues = badRequests.flatMap((value) => issuesOf(serviceRequestInputSchema, value));
    expect(issues.length).toBeGreaterThan(30);
    const codes = new Set<string>();
    for (const issue of issues) {
      const problem = inputProblems.find(issue.message);
      expect(problem, issue.message).toBeDefined();
      expect(problemCodes).toContain(problem!.code);
      codes.add(problem!.code);
      // The form shows location problems at lat; the others at the field the issue is about.
      const field = String(issue.path[0]);
      if (!['lat_long_pair', 'location_required'].includes(problem!.code)) expect(problem!.field, issue.message).toBe(field);
    }
    expect([...codes].sort()).toEqual(
      [
        'control_characters', 'html', 'invalid_email', 'invalid_phone', 'invalid_url', 'lat_long_pair', 'location_required',
        'not_a_number', 'not_an_image_url', 'not_text', 'object_type_required', 'out_of_range', 'required', 'too_long', 'too_short',
      ].sort(),
    );
  });

  it('the moderator texts (title, description, status notes) carry their limits', () => {
    const cases: [typeof titleTextSchema, unknown, { code: string; limit?: number }][] = [
      [descriptionTextSchema, 'short', { code: 'too_short', limit: 10 }],
      [descriptionTextSchema, 'x'.repeat(5001), { code: 'too_long', limit: 5000 }],
      [titleTextSchema, 'x'.repeat(201), { code: 'too_long', limit: 200 }],
      [titleTextSchema, '<script>', { code: 'html' }],
      [titleTextSchema, 'a\u0007b', { code: 'control_characters' }],
      [statusNotesSchema, 'x'.repeat(2001), { code: 'too_long', limit: 2000 }],
      [statusNotesSchema, 5, { code: 'not_text' }],
    ];
    for (const [schema, value, expected] of cases) {
      const [issue] = issuesOf(schema, value);
      expect(inputProblems.find(issue!.message)).toMatchObject(expected);
    }
  });

  it('the texts the service and the proxy write find their problems too, with the parts a client needs', () => {
    expect(problemOfDescription(unknownServiceCode.text({ value: '999', format: 'json' }))).toEqual({ code: 'unknown_service_code', field: 'service_code' });
    expect(problemOfDescription(unknownServiceObject.text({ value: 'park-9' }))).toEqual({ code: 'unknown_service_object', field: 'service_object_id' });
    expect(problemOfDescription(tooManyPhotos.text({ limit: 5 }))).toEqual({ code: 'too_many_photos', field: 'media', limit: 5 });
    expect(problemOfDescription(photoTooLarge)).toEqual({ code: 'photo_rejected', field: 'media' });
    expect(problemOfDescription(`${photoLabel(2)} is not an image (JPEG, PNG, GIF, WebP or AVIF)`)).toEqual({ code: 'photo_rejected', field: 'media' });
    expect(photoRejected.text({ count: 2, rest: 'is too large' })).toBe(`${photoLabel(2)} is too large`);
    expect(problemOfDescription(repeatedField.text({ field: 'title', count: 2 }))).toEqual({ code: 'repeated_field', field: 'title' });
    expect(problemOfDescription(rateLimited.text({ limit: 5, seconds: 42 }))).toEqual({ code: 'rate_limited', limit: 5, seconds: 42 });
    // The schema's own texts through the same lookup.
    expect(problemOfDescription('description must be at least 10 characters: say what is wrong')).toEqual({ code: 'too_short', field: 'description', limit: 10 });
    // Anything else is no known problem: shown as it is, never guessed at.
    expect(problemOfDescription('description is required')).toBeUndefined();
    expect(problemOfDescription('the upstream said no')).toBeUndefined();
  });

  it('keeps the exact texts the API has always sent', () => {
    expect(unknownServiceCode.text({ value: '999', format: 'xml' })).toBe('service_code 999 not found; services.xml lists the valid codes');
    expect(tooManyPhotos.text({ limit: 5 })).toBe('too many media[] files: at most 5 photos per request');
    expect(rateLimited.text({ limit: 5, seconds: 42 })).toBe('too many reports from this address: at most 5 a minute; try again in 42 seconds');
    expect(repeatedField.text({ field: 'title', count: 2 })).toBe('title was sent 2 times; send it once');
  });
});

describe('a table of problem texts', () => {
  it('refuses one text for two problems', () => {
    const texts = new ProblemTexts();
    texts.word({ code: 'required', field: 'a' }, 'a is required');
    expect(texts.word({ code: 'required', field: 'a' }, 'a is required')).toBe('a is required');
    expect(() => texts.word({ code: 'not_text', field: 'a' }, 'a is required')).toThrow(/two problems/);
  });

  it('finds a template only when every fixed part is in place', () => {
    const texts = new ProblemTexts();
    const template = texts.template({ code: 'too_many_photos' })`at most ${'limit'} photos, not ${'count'}`;
    expect(texts.find(template.text({ limit: 3, count: 4 }))).toEqual({ code: 'too_many_photos', limit: 3 });
    expect(texts.find('at most 3 photos')).toBeUndefined();
    expect(texts.find('nearly at most 3 photos, not 4')).toBeUndefined();
    expect(texts.find('at most many photos, not 4')).toEqual({ code: 'too_many_photos', limit: undefined });
  });
});
