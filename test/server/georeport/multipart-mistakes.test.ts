import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';

/** Multipart bodies clients get wrong: a 400 saying what is wrong, and at most an info line in the log. */
describe('multipart mistakes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true, captureLogs: true });
  });
  afterAll(() => t.close());

  const long = 'b'.repeat(300);
  const cases: { name: string; contentType: string; body: string; says: RegExp }[] = [
    { name: 'no boundary', contentType: 'multipart/form-data', body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n', says: /needs a boundary/ },
    { name: 'a boundary over 256 characters', contentType: `multipart/form-data; boundary=${long}`, body: `--${long}\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--${long}--\r\n`, says: /1 to 70 characters/ },
    { name: 'cut short in a field', contentType: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="description"\r\n\r\nbbbb', says: /malformed or cut short/ },
    {
      name: 'cut short in a photo',
      contentType: 'multipart/form-data; boundary=x',
      body: '--x\r\nContent-Disposition: form-data; name="media[]"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nbbbb',
      says: /malformed or cut short/,
    },
  ];
  // Warnings and errors, and any line at the default level (info) or above carrying a stack trace.
  const seriousLines = () =>
    t.logs.filter((line) => {
      const level = (JSON.parse(line) as { level: number }).level;
      return level >= 40 || (level >= 30 && line.includes('"stack"'));
    });

  for (const path of ['/open311/v1/requests.json', '/proxy/open311/v1/requests.json']) {
    for (const { name, contentType, body, says } of cases) {
      it(`${path}: ${name} is a 400 saying so, logged at info at most`, async () => {
        t.logs.length = 0;
        const response = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': contentType }, payload: body });
        expect(response.statusCode).toBe(400);
        const [record] = response.json();
        expect(record.description).toMatch(says);
        expect(record.description).not.toMatch(/operator/);
        expect(seriousLines()).toEqual([]);
      });
    }
  }

  it('a client that goes away mid-upload leaves no warning or error in the log', async () => {
    t.logs.length = 0;
    const port = Number(new URL(t.baseUrl).port);
    for (const path of ['/open311/v1/requests.json', '/proxy/open311/v1/requests.json']) {
      const socket = connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(`POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 100000\r\n\r\n`);
      socket.write('--x\r\nContent-Disposition: form-data; name="media[]"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n' + 'j'.repeat(5000));
      await new Promise((resolve) => setTimeout(resolve, 200));
      socket.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seriousLines()).toEqual([]);
    expect((await fetch(`${t.baseUrl}/healthz`)).status).toBe(200);
  });
});
