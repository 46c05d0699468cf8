import { statusOfDetailedStatus } from '../../../src/shared/georeport/detailed-status';
import { isModerationFlag, moderationFlags, type ModerationFieldProblem, type ModerationForward } from '../../../src/shared/moderation/wire';
import type { ResponseTemplate } from '../../../src/shared/moderation/response-templates';
import { jsonResponse, mockFetch } from '../render-app';
import { markModeratorSignedIn } from '../signed-in-markers';

/**
 * An in-memory stand-in for /moderation/api, with the server's shapes and rules where the console
 * depends on them (src/server/moderation/**): a session cookie is modelled as "signed in", every
 * write must carry the session's X-CSRF-Token, errors are {"error": {code, message, fields?}}.
 * Each call is recorded, so tests can check what the console sent.
 */
export interface FakeItem {
  service_request_id: string;
  moderation: 'pending' | 'published' | 'rejected';
  public: Record<string, unknown> & { extended_attributes: Record<string, unknown> };
  private: Record<string, string | null>;
  media: { position: number | 'external'; url: string }[];
  audit: { id: number; at: string; moderator: string; action: string; service_request_id: string | null; details: Record<string, unknown> }[];
  /** The send to the body's case system (ModerationForward); absent: a console body's request. */
  forward?: ModerationForward | null;
  /** What needs attention (ModerationItem.flags); absent: what the forward says, as the server derives it. */
  flags?: string[];
  /** The desk (ModerationDesk, issue 41 item 5): absent, nobody assigned, 'mod' and 'liisa' may be, no notes. */
  assignee?: { name: string; assigned_by: string; assigned_at: string } | null;
  assignable?: string[];
  internal_notes?: { id: number; author: string; text: string; created_at: string }[];
}

export interface RecordedCall {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export const CSRF_TOKEN = 'csrf-token-for-tests';
export const PASSWORD = 'correct horse battery';

let counter = 0;

export function fakeItem(overrides: {
  id?: string;
  moderation?: FakeItem['moderation'];
  title?: string;
  description?: string;
  detailedStatus?: string;
  statusNotes?: string;
  email?: string | null;
  requested?: string;
  media?: FakeItem['media'];
  serviceObjectId?: string;
  address?: string;
  /** The body's name as the public answer gives it. */
  agency?: string;
  /** null: no coordinates (a service object without a position). */
  lat?: string | null;
  long?: string | null;
  forward?: ModerationForward | null;
  flags?: string[];
} = {}): FakeItem {
  counter += 1;
  const id = overrides.id ?? `req${counter}`;
  const detailed = overrides.detailedStatus ?? 'RECEIVED';
  const media = overrides.media ?? [];
  return {
    service_request_id: id,
    moderation: overrides.moderation ?? 'pending',
    public: {
      service_request_id: id,
      status_notes: overrides.statusNotes ?? '',
      status: statusOfDetailedStatus(detailed.split(',')),
      service_code: '172',
      service_name: 'Vandalism',
      description: overrides.description ?? 'The bench by the fountain is broken.',
      agency_responsible: overrides.agency ?? '',
      service_notice: '',
      requested_datetime: overrides.requested ?? '2026-03-01T09:00:00+02:00',
      updated_datetime: overrides.requested ?? '2026-03-01T09:00:00+02:00',
      address: overrides.address ?? '',
      address_id: '',
      zip_code: '',
      ...(overrides.lat === null ? {} : { lat: overrides.lat ?? '60.17' }),
      ...(overrides.long === null ? {} : { long: overrides.long ?? '24.94' }),
      extended_attributes: {
        ...(overrides.title === undefined ? { title: 'Broken bench' } : overrides.title ? { title: overrides.title } : {}),
        ...(overrides.serviceObjectId ? { service_object_type: 'urn:x', service_object_id: overrides.serviceObjectId } : {}),
        detailed_status: detailed,
        media_urls: media.filter((photo) => photo.position !== 'external').map((photo) => photo.url),
      },
    },
    private: {
      email: overrides.email === undefined ? 'resident@example.org' : overrides.email,
      first_name: 'Maija',
      last_name: 'Meikäläinen',
      phone: null,
      device_id: null,
      account_id: null,
      locale: 'fi',
    },
    media,
    audit: [],
    forward: overrides.forward ?? null,
    ...(overrides.flags ? { flags: overrides.flags } : {}),
  };
}

/** The flags the server would send for the item (src/server/moderation/flags.ts), as far as the fake knows its facts. */
function flagsOf(item: Pick<FakeItem, 'flags' | 'forward'>): string[] {
  if (item.flags) return item.flags;
  const { forward } = item;
  if (forward?.state === 'failed') return ['send_failed'];
  if (forward?.state === 'pending' || (forward?.state === 'sent' && forward.remote_id)) return ['awaiting_case_system'];
  return [];
}

const error = (status: number, code: string, message: string, extra: { fields?: ModerationFieldProblem[]; headers?: Record<string, string> } = {}) =>
  jsonResponse({ error: { code, message, ...(extra.fields ? { fields: extra.fields } : {}) } }, { status, headers: { 'Content-Type': 'application/json', ...extra.headers } });

export interface FakeApiOptions {
  items?: FakeItem[];
  signedIn?: boolean;
  /** The signed-in moderator's bodies; none (the default): an administrator. */
  bodies?: { id: string; names: { fi: string; sv: string; en: string } }[];
  /** Saved responses (issue 41, item 4); every item's body is taken to be theirs. */
  responses?: FakeResponse[];
  /** Return this answer instead, for the calls it matches (errors, outages). */
  override?: (call: RecordedCall) => Response | undefined;
}

export type FakeResponse = ResponseTemplate;

/** A saved response with the server's shape; `id` and the texts from the title unless given. */
export function fakeResponse(overrides: Partial<FakeResponse> & { title: string }): FakeResponse {
  counter += 1;
  return {
    id: counter,
    body_id: 'espoo',
    text_fi: `${overrides.title} (fi)`,
    text_sv: `${overrides.title} (sv)`,
    text_en: `${overrides.title} (en)`,
    service_code: null,
    status: null,
    created_at: '2026-03-01T09:00:00+02:00',
    updated_at: '2026-03-01T09:00:00+02:00',
    ...overrides,
  };
}

export function fakeModerationApi(options: FakeApiOptions = {}) {
  const items = new Map((options.items ?? []).map((item) => [item.service_request_id, item]));
  const responses = new Map((options.responses ?? []).map((response) => [response.id, response]));
  const calls: RecordedCall[] = [];
  const state = { signedIn: options.signedIn ?? true, failedLogins: 0, auditId: 100 };
  // The server's readable marker beside its session cookie: set at sign-in, cleared when a request finds no session.
  markModeratorSignedIn(state.signedIn);
  const sessionAnswer = { name: 'mod', csrfToken: CSRF_TOKEN, expiresAt: '2026-03-02T22:00:00+02:00', bodies: options.bodies ?? [] };

  const present = ({ audit: _audit, assignee: _assignee, assignable: _assignable, internal_notes: _notes, ...item }: FakeItem) => ({ ...item, flags: flagsOf(item) });
  const detail = (item: FakeItem) => ({
    ...present(item),
    audit: [...item.audit].reverse(),
    assignee: item.assignee ?? null,
    assignable: item.assignable ?? ['liisa', 'mod'],
    internal_notes: item.internal_notes ?? [],
  });
  /** `?flag=` as the server reads it: only the items with it, or its 400 for a flag it does not know. */
  const flagged = (call: RecordedCall, listed: FakeItem[]): FakeItem[] | Response => {
    const flag = call.search.get('flag');
    if (flag === null) return listed;
    if (!isModerationFlag(flag)) {
      const message = `flag must be one of ${moderationFlags.join(', ')}`;
      return error(400, 'invalid_input', `flag: ${message}`, { fields: [{ field: 'flag', message, code: 'unknown_value' }] });
    }
    return listed.filter((item) => flagsOf(item).includes(flag));
  };
  const audit = (item: FakeItem, action: string, details: Record<string, unknown> = {}) => {
    state.auditId += 1;
    item.audit.push({ id: state.auditId, at: '2026-03-02T10:00:00+02:00', moderator: 'mod', action, service_request_id: item.service_request_id, details });
  };

  const handle = (call: RecordedCall): Response => {
    const overridden = options.override?.(call);
    if (overridden) return overridden;
    const { method, path } = call;
    if (path === '/moderation/api/session') {
      if (method === 'POST') {
        const body = call.body as { name?: string; password?: string };
        if (state.failedLogins >= 5) return error(429, 'too_many_attempts', 'too many failed sign-ins; try again in 900 seconds', { headers: { 'Retry-After': '900' } });
        if (body.name !== 'mod' || body.password !== PASSWORD) {
          state.failedLogins += 1;
          return error(401, 'invalid_credentials', 'the name or the password is wrong');
        }
        state.signedIn = true;
        markModeratorSignedIn();
        return jsonResponse(sessionAnswer);
      }
      if (method === 'DELETE') {
        state.signedIn = false;
        markModeratorSignedIn(false);
        return new Response(null, { status: 204 });
      }
    }
    if (!state.signedIn) {
      markModeratorSignedIn(false);
      return error(401, 'unauthenticated', 'sign in first');
    }
    if (path === '/moderation/api/session') return jsonResponse(sessionAnswer);
    if (method !== 'GET' && call.headers.get('X-CSRF-Token') !== CSRF_TOKEN) {
      return error(403, 'csrf_token_invalid', 'send the csrfToken in the X-CSRF-Token header');
    }
    if (path === '/moderation/api/queue') {
      const all = [...items.values()].filter((item) => item.moderation === 'pending');
      const pending = flagged(call, all);
      if (pending instanceof Response) return pending;
      pending.sort((a, b) => String(a.public.requested_datetime).localeCompare(String(b.public.requested_datetime)));
      const limit = Number(call.search.get('limit') ?? 50);
      const after = call.search.get('after');
      const start = after ? pending.findIndex((item) => item.service_request_id === after) + 1 : 0;
      const page = pending.slice(start, start + limit);
      return jsonResponse({
        total: all.length,
        items: page.map(present),
        next_after: page.length === limit ? page.at(-1)!.service_request_id : null,
      });
    }
    if (path === '/moderation/api/requests') {
      const wanted = call.search.get('state') ?? (call.search.has('flag') ? 'published' : 'pending');
      const listed = flagged(
        call,
        [...items.values()].filter((item) => item.moderation === wanted),
      );
      if (listed instanceof Response) return listed;
      listed.sort((a, b) => String(b.public.requested_datetime).localeCompare(String(a.public.requested_datetime)));
      return jsonResponse({ items: listed.map(present), next_before: null });
    }
    const responseMatch = /^\/moderation\/api\/responses(?:\/(\d+))?$/.exec(path);
    if (responseMatch) return handleResponses(call, responseMatch[1] === undefined ? undefined : Number(responseMatch[1]));
    if (path === '/moderation/api/bulk' && method === 'POST') {
      // As routes/bulk.ts: each report on its own; only publish and status change the fake's items.
      const { ids, action, ...fields } = call.body as { ids: string[]; action: string } & Record<string, unknown>;
      const results = ids.map((id) => {
        const target = items.get(id);
        if (!target) return { id, ok: false, code: 'not_found', message: `service request ${id} not found` };
        if (action === 'publish') {
          if (target.moderation !== 'pending') return { id, ok: false, code: 'conflict', message: `this request is ${target.moderation}; only pending requests can be published` };
          target.moderation = 'published';
          audit(target, 'publish');
        }
        if (action === 'status') {
          target.public.extended_attributes.detailed_status = (fields.detailed_status as string[]).join(',');
          target.public.status_notes = String(fields.status_notes ?? '');
          audit(target, 'status');
        }
        return { id, ok: true };
      });
      return jsonResponse({ results });
    }
    if (path === '/moderation/api/audit') {
      const entries = [...items.values()].flatMap((item) => item.audit).sort((a, b) => b.id - a.id);
      return jsonResponse({ items: entries, next_before: null });
    }
    const match = /^\/moderation\/api\/requests\/([^/]+)(?:\/(publish|reject|status|location|forward\/retry|case-system-note|assignee|internal-notes|media\/([^/]+)))?$/.exec(path);
    const item = match ? items.get(decodeURIComponent(match[1]!)) : undefined;
    if (!match || !item) return error(404, 'not_found', `not found: ${path}`);
    const action = match[2];
    const body = (call.body ?? {}) as Record<string, unknown>;
    if (method === 'GET' && !action) return jsonResponse(detail(item));
    if (method === 'POST' && action === 'publish') {
      if (item.moderation !== 'pending') return error(409, 'conflict', `this request is ${item.moderation}; only pending requests can be published`);
      item.moderation = 'published';
      audit(item, 'publish');
      return jsonResponse(detail(item));
    }
    if (method === 'POST' && action === 'reject') {
      item.moderation = 'rejected';
      item.public.status = 'closed';
      item.public.extended_attributes.detailed_status = 'REJECTED';
      // The server says the reason in words before the note; the fake keeps the note and the code.
      item.public.status_notes = typeof body.note === 'string' ? body.note : '';
      (item.public.extended_attributes as Record<string, unknown>).reject_reason = body.reason;
      audit(item, 'reject', { reason: body.reason, note_given: Boolean(body.note), ...(item.private.email ? { notified: true } : {}) });
      return jsonResponse(detail(item));
    }
    if (method === 'PATCH' && !action) {
      if (typeof body.description === 'string' && body.description.trim().length < 10) {
        return error(400, 'invalid_input', 'description: description must be at least 10 characters: say what is wrong', {
          fields: [{ field: 'description', message: 'description must be at least 10 characters: say what is wrong', code: 'too_short', limit: 10 }],
        });
      }
      if (typeof body.description === 'string') item.public.description = body.description;
      if (body.title !== undefined) {
        if (body.title) item.public.extended_attributes.title = body.title;
        else delete item.public.extended_attributes.title;
      }
      audit(item, 'edit', { fields: Object.keys(body) });
      return jsonResponse(detail(item));
    }
    if (method === 'DELETE' && match[3] !== undefined) {
      const position = match[3] === 'external' ? 'external' : Number(match[3]);
      const photo = item.media.find((media) => media.position === position);
      if (!photo) return error(404, 'not_found', `this request has no photo at position ${position}`);
      item.media = item.media.filter((media) => media !== photo);
      item.public.extended_attributes.media_urls = (item.public.extended_attributes.media_urls as string[]).filter((url) => url !== photo.url);
      audit(item, 'remove_media', { media: position });
      return jsonResponse(detail(item));
    }
    if (method === 'POST' && action === 'location') {
      const from = { lat: item.public.lat, long: item.public.long };
      item.public.lat = String(body.lat);
      item.public.long = String(body.long);
      audit(item, 'move', { from, to: { lat: body.lat, long: body.long } });
      return jsonResponse(detail(item));
    }
    if (method === 'POST' && action === 'forward/retry') {
      if (item.forward?.state !== 'failed') return error(409, 'conflict', `service request ${item.service_request_id} has no failed send to retry`);
      item.forward = { ...item.forward, state: 'pending', attempts: 0, next_attempt_at: '2026-03-02T10:00:00+02:00' };
      audit(item, 'forward_retry');
      return jsonResponse(detail(item));
    }
    if (method === 'POST' && action === 'case-system-note') {
      // As the server refuses (input.ts caseSystemNoteBody, routes/requests.ts, case-system-note.ts), in its words.
      const text = typeof body.text === 'string' ? body.text : '';
      if (!text.trim()) {
        const message = 'text is required: write what the case system should hear';
        return error(400, 'invalid_input', `text: ${message}`, { fields: [{ field: 'text', message, code: 'required' }] });
      }
      if (text.length > 2000) {
        const message = 'text must be at most 2000 characters';
        return error(400, 'invalid_input', `text: ${message}`, { fields: [{ field: 'text', message, code: 'too_long', limit: 2000 }] });
      }
      if (!item.forward || item.forward.state === 'failed') {
        return error(409, 'conflict', `service request ${item.service_request_id} has not gone to its body's case system, so there is nowhere to post a note`);
      }
      if (!item.forward.takes_notes) return error(409, 'conflict', `the body of service request ${item.service_request_id} takes no notes from Kerro`);
      audit(item, 'case_system_note', { body_told: 'case_system_update' });
      return jsonResponse(detail(item));
    }
    if (method === 'POST' && action === 'assignee') {
      // As the server decides (routes/assignment.ts): only one who may moderate the report's body.
      const moderator = body.moderator as string | null;
      if (moderator !== null && !(item.assignable ?? ['liisa', 'mod']).includes(moderator)) {
        const message = `${moderator} does not moderate this report's body; choose one of its moderators`;
        return error(400, 'invalid_input', `moderator: ${message}`, { fields: [{ field: 'moderator', message, code: 'unknown_value' }] });
      }
      const from = item.assignee?.name ?? null;
      item.assignee = moderator === null ? null : { name: moderator, assigned_by: 'mod', assigned_at: '2026-03-02T10:00:00+02:00' };
      audit(item, moderator === null ? 'unassign' : 'assign', { from, to: moderator });
      return jsonResponse(detail(item));
    }
    if (method === 'POST' && action === 'internal-notes') {
      const text = typeof body.text === 'string' ? body.text : '';
      if (!text.trim()) {
        const message = 'text is required: write the note for your colleagues';
        return error(400, 'invalid_input', `text: ${message}`, { fields: [{ field: 'text', message, code: 'required' }] });
      }
      state.auditId += 1;
      item.internal_notes = [...(item.internal_notes ?? []), { id: state.auditId, author: 'mod', text, created_at: '2026-03-02T10:00:00+02:00' }];
      audit(item, 'internal_note', { note: state.auditId });
      return jsonResponse(detail(item));
    }
    if (method === 'POST' && action === 'status') {
      const values = body.detailed_status as string[];
      const before = String(item.public.extended_attributes.detailed_status).split(',');
      const wasOpen = item.public.status === 'open';
      item.public.extended_attributes.detailed_status = values.join(',');
      item.public.status = statusOfDetailedStatus(values);
      if (typeof body.status_notes === 'string') item.public.status_notes = body.status_notes;
      const notified = wasOpen && item.public.status === 'closed' && Boolean(item.private.email);
      audit(item, 'status', { from: before, to: values, status_notes_changed: true, ...(notified ? { notified: true } : {}) });
      return jsonResponse(detail(item));
    }
    return error(404, 'not_found', `no such endpoint: ${method} ${path}`);
  };

  /** As routes/responses.ts: the list (for_request: the item's type or any), and saving, changing, deleting one. */
  const handleResponses = ({ method, search, body }: RecordedCall, id: number | undefined): Response => {
    const sent = (body ?? {}) as Record<string, unknown>;
    if (method === 'GET' && id === undefined) {
      const forRequest = search.get('for_request');
      const item = forRequest === null ? undefined : items.get(forRequest);
      if (forRequest !== null && !item) return error(404, 'not_found', `service request ${forRequest} not found`);
      const listed = [...responses.values()].filter((response) => !item || response.service_code === null || response.service_code === item.public.service_code);
      return jsonResponse({ items: listed });
    }
    const blank = ['title', 'text_fi', 'text_sv', 'text_en'].find((field) => method !== 'DELETE' && !String(sent[field] ?? '').trim());
    if (blank) return error(400, 'invalid_input', `${blank}: ${blank} is required`, { fields: [{ field: blank, message: `${blank} is required`, code: 'required' }] });
    const fields = { title: sent.title, text_fi: sent.text_fi, text_sv: sent.text_sv, text_en: sent.text_en, service_code: sent.service_code ?? null, status: sent.status ?? null } as Partial<FakeResponse>;
    if (method === 'POST' && id === undefined) {
      const created = fakeResponse({ ...fields, title: String(sent.title), body_id: String(sent.body_id) });
      responses.set(created.id, created);
      return jsonResponse(created, { status: 201 });
    }
    const existing = id === undefined ? undefined : responses.get(id);
    if (!existing) return error(404, 'not_found', `saved response ${id} not found`);
    if (method === 'PATCH') {
      const changed = { ...existing, ...fields };
      responses.set(existing.id, changed);
      return jsonResponse(changed);
    }
    if (method === 'DELETE') {
      responses.delete(existing.id);
      return new Response(null, { status: 204 });
    }
    return error(404, 'not_found', `no such endpoint: ${method}`);
  };

  const fetchMock = mockFetch(async (url, init) => {
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      search: url.searchParams,
      headers: new Headers(init?.headers),
      // A form (a caller's report with photos) as the page made it.
      body: init?.body instanceof FormData ? init.body : text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    return handle(call);
  });

  return {
    fetchMock,
    calls,
    items,
    responses,
    state,
    /** The writes the console sent (everything but GET). */
    writes: () => calls.filter((call) => call.method !== 'GET'),
  };
}
