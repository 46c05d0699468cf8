import { describe, expect, it } from 'vitest';
import { composeClosedRequestMessage } from '../../../src/server/notify/closed-request-message';
import { mailDomainOf, newMessageId } from '../../../src/server/notify/message-id';

const facts = {
  serviceRequestId: 'abc123',
  subjectLine: 'Broken   sign\non Mannerheimintie',
  requestedAt: Date.parse('2026-06-01T09:30:00Z'),
  statusNotes: '',
  trackUrl: 'https://kerro.example.org/requests/abc123',
  timeZone: 'Europe/Helsinki',
};

describe('the closing email', () => {
  it.each([
    ['fi', 'PROCESSED', 'Ilmoituksesi on käsitelty', 'Tila: Käsitelty', 'Lähetetty: 1. kesäkuuta 2026 klo 12.30'],
    ['fi', 'ARCHIVED', 'Ilmoituksesi on käsitelty', 'Tila: Käsitelty ja arkistoitu', 'Ilmoituksen ja sen tilan näet täältä:'],
    ['sv', 'PROCESSED', 'Din anmälan har behandlats', 'Status: Behandlad', 'Du kan se anmälan och dess status här:'],
    ['sv', 'REJECTED', 'Din anmälan har avslutats', 'Status: Avvisad', 'Skickad: 1 juni 2026'],
    ['en', 'REJECTED', 'Your report has been closed', 'Status: Rejected', 'Sent: 1 June 2026'],
    ['en_US', 'PROCESSED', 'Your report has been handled', 'Status: Resolved', 'Thank you for your report.'],
    ['de', 'PROCESSED', 'Your report has been handled', 'Status: Resolved', 'Hello,'],
  ])('%s %s', (locale, closedAs, subject, status, line) => {
    const message = composeClosedRequestMessage({ ...facts, locale, closedAs });
    expect(message.subject).toBe(`${subject}: Broken sign on Mannerheimintie`);
    expect(message.text).toContain(status);
    expect(message.text).toContain(line);
    expect(message.text).toContain('(abc123)');
    expect(message.text).toContain(`\n${facts.trackUrl}\n`);
  });

  it('includes the notes under a heading that fits the outcome, and leaves the heading out without notes', () => {
    const processed = composeClosedRequestMessage({ ...facts, locale: 'en', closedAs: 'PROCESSED', statusNotes: ' Fixed. \n' });
    expect(processed.text).toContain('Reply from the city:\nFixed.\n');
    const rejected = composeClosedRequestMessage({ ...facts, locale: 'en', closedAs: 'REJECTED', statusNotes: 'Not ours.' });
    expect(rejected.text).toContain('Reason:\nNot ours.\n');
    const bare = composeClosedRequestMessage({ ...facts, locale: 'en', closedAs: 'PROCESSED' });
    expect(bare.text).not.toMatch(/Reply from the city|Reason:/);
  });

  it('keeps long subjects short', () => {
    const message = composeClosedRequestMessage({ ...facts, locale: 'en', closedAs: 'PROCESSED', subjectLine: 'x'.repeat(300) });
    expect(message.subject).toBe(`Your report has been handled: ${'x'.repeat(79)}…`);
  });
});

describe('Message-IDs', () => {
  it('use the domain of MAIL_FROM and are unique', () => {
    expect(mailDomainOf('Kerro <no-reply@Kerro.Example.org>')).toBe('kerro.example.org');
    expect(mailDomainOf('no-reply@city.fi')).toBe('city.fi');
    expect(mailDomainOf('nonsense')).toBe('kerro.local');
    const a = newMessageId('no-reply@city.fi');
    expect(a).toMatch(/^<kerro\.[0-9a-f-]{36}@city\.fi>$/);
    expect(newMessageId('no-reply@city.fi')).not.toBe(a);
  });
});

describe('MAIL_FROM and SMTP_URL settings', () => {
  it('accept an address with or without a display name, and smtp(s) URLs; refuse the rest naming the variable', async () => {
    const { loadConfig } = await import('../../../src/server/config');
    expect(loadConfig({ MAIL_FROM: 'no-reply@city.fi' }).MAIL_FROM).toBe('no-reply@city.fi');
    expect(loadConfig({ MAIL_FROM: 'Kerro Helsinki <no-reply@city.fi>' }).MAIL_FROM).toBe('Kerro Helsinki <no-reply@city.fi>');
    expect(loadConfig({}).MAIL_FROM).toBe('Kerro <no-reply@kerro.local>');
    expect(() => loadConfig({ MAIL_FROM: 'Kerro' })).toThrow(/MAIL_FROM: must be an address/);
    expect(loadConfig({ SMTP_URL: 'smtps://user:secret@mail.city.fi:465' }).SMTP_URL).toBe('smtps://user:secret@mail.city.fi:465');
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    const bad = () => loadConfig({ SMTP_URL: 'http://user:secret@mail.city.fi' });
    expect(bad).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(bad).not.toThrow(/secret/); // the message never repeats the credentials
    expect(() => loadConfig({ SESSION_TTL_HOURS: '0' })).toThrow(/SESSION_TTL_HOURS/);
  });
});
