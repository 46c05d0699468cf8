/**
 * "Forward this report?" is decided in one place (forwarding/forward-decision.ts), by the body's
 * sender: storage queues what it is told. The app-level behaviour is test/server/georeport/forward-queueing.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { forwardOf } from '../../../src/server/forwarding/forward-decision';
import type { SendSettings } from '../../../src/server/forwarding/senders';

const open311: SendSettings = { method: 'open311', endpoint: 'https://cases.example.fi/open311/v1', api_key: 'k' };
const email: SendSettings = { method: 'email', to: 'cases@example.fi' };
const inConsole: SendSettings = { method: 'console' };

const body = (id: string, send: SendSettings) => ({ id, send });

describe('forwardOf', () => {
  it('forwards a published report of a body whose method sends, by that method; never a console body\'s', () => {
    expect(forwardOf(body('works', open311), 'published')).toEqual({ body_id: 'works', method: 'open311' });
    expect(forwardOf(body('mailed', email), 'published')).toEqual({ body_id: 'mailed', method: 'email' });
    expect(forwardOf(body('console', inConsole), 'published')).toBeUndefined();
    expect(forwardOf(body('console', { method: 'console', premoderation: false }), 'published')).toBeUndefined();
  });

  it('forwards a new report only for a body that set premoderation false', () => {
    expect(forwardOf(body('works', open311), 'created')).toBeUndefined();
    expect(forwardOf(body('works', { ...open311, premoderation: true }), 'created')).toBeUndefined();
    expect(forwardOf(body('works', { ...open311, premoderation: false }), 'created')).toEqual({ body_id: 'works', method: 'open311' });
    expect(forwardOf(body('mailed', { ...email, premoderation: false }), 'created')).toEqual({ body_id: 'mailed', method: 'email' });
    expect(forwardOf(body('console', { method: 'console', premoderation: false }), 'created')).toBeUndefined();
  });

  it('forwards nothing of a report with no body', () => {
    expect(forwardOf(undefined, 'created')).toBeUndefined();
    expect(forwardOf(undefined, 'published')).toBeUndefined();
  });
});
