import { isIP } from 'node:net';
import { z } from 'zod';
import { defaultMaxPhotoBytes, defaultMaxPhotos } from '../shared/georeport/photo-limits';
import { parseMapCenter, parseMapZoom } from '../shared/map/map-defaults';
import { isUsableTileTemplate } from '../shared/map/tile-template';

const isMapCenter = (text: string) => parseMapCenter(text) !== null;
const isMapZoom = (text: string) => parseMapZoom(text) !== null;

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalUrl = z
  .string()
  .url({ message: 'must be an absolute URL such as https://example.org' })
  .transform((value) => value.replace(/\/+$/, ''))
  .optional();

const timeZone = z.string().refine(
  (name) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: name });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'must be an IANA time zone name such as Europe/Helsinki' },
);

/** proxy-addr's names for address ranges, which TRUST_PROXY accepts beside addresses and CIDRs. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);
const trustProxyHelp = 'must be false, a hop count such as 1, or addresses/CIDR ranges such as 10.0.0.5,10.1.0.0/16';

/**
 * Whose X-Forwarded-For to believe: nobody (false, 0), the n nearest hops (a count), or the
 * proxies at these addresses. `true` (anybody) is refused: any client could then choose the
 * address its rate limit is counted under.
 */
const trustProxy = z
  .string()
  .transform((value, context): false | number | string[] => {
    const text = value.trim();
    if (text === 'false' || text === '0') return false;
    if (/^\d+$/.test(text)) return Number(text);
    if (text === 'true') {
      context.addIssue({
        code: 'custom',
        message: `${trustProxyHelp} (true would believe X-Forwarded-For from anybody, so any client could choose its own address)`,
      });
      return z.NEVER;
    }
    const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
    const bad = entries.filter((entry) => !isAddressOrRange(entry) && !namedRanges.has(entry));
    if (entries.length === 0 || bad.length > 0) {
      context.addIssue({ code: 'custom', message: `${trustProxyHelp} (not understood: ${bad.length > 0 ? bad.join(', ') : JSON.stringify(value)})` });
      return z.NEVER;
    }
    return entries;
  });

/** Addresses and CIDR ranges, comma-separated. */
const addressList = z.string().transform((value, context): string[] => {
  const entries = value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    context.addIssue({ code: 'custom', message: `must be addresses or CIDR ranges such as 127.0.0.1,::1,10.0.0.0/8 (not understood: ${bad.join(', ')})` });
    return z.NEVER;
  }
  return entries;
});

function isAddressOrRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const databaseUrl = z
  .string()
  .refine((value) => /^postgres(ql)?:\/\//i.test(value) && URL.canParse(value), {
    message: 'must be a PostgreSQL URL such as postgres://kerro:password@db.example.org:5432/kerro',
  });

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  // Storage: unset, the SQLite file in DATA_DIR; set, PostgreSQL + PostGIS shared by every instance.
  DATABASE_URL: databaseUrl.optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  // Photos as files here (a directory every instance shares), instead of DATA_DIR/media or, with
  // DATABASE_URL, the database.
  MEDIA_DIR: z.string().min(1).optional(),
  TRUST_PROXY: trustProxy.default(false),
  // Who may read GET /metrics, by the client's address as resolved through TRUST_PROXY; others get 404.
  METRICS_ALLOW: addressList.default(['127.0.0.1', '::1']),
  TZ_NAME: timeZone.default('Europe/Helsinki'),
  PUBLIC_BASE_URL: optionalUrl,
  // Host names answered (a Host header names them; ports are not compared): unset, the listening
  // address, localhost and PUBLIC_BASE_URL's host; `*` answers any.
  ALLOWED_HOSTS: z
    .string()
    .transform((value) => value.split(',').map((entry) => entry.trim().toLowerCase()).filter((entry) => entry !== ''))
    .optional(),
  DEMO_DATA: booleanFromEnv.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JURISDICTION_ID: z.string().min(1).default('kerro.local'),
  SERVICE_OBJECT_TYPE: z.string().min(1).default('urn:kerro:service-objects'),
  MEDIA_MAX_FILE_BYTES: z.coerce.number().int().positive().default(defaultMaxPhotoBytes),
  MEDIA_MAX_FILES: z.coerce.number().int().min(0).max(20).default(defaultMaxPhotos),
  MEDIA_MAX_PIXELS: z.coerce.number().int().positive().default(50_000_000),
  // Upload bytes being received at once, over all requests (each counted by its Content-Length);
  // past it an upload answers 503 with Retry-After before a byte is spooled. Its last eighth is
  // kept for bodies of at most 64 KiB (reports without photos), which photos can never fill.
  UPLOAD_BYTES_IN_FLIGHT_MAX: z.coerce.number().int().min(1024 * 1024).default(256 * 1024 * 1024),
  // One client's share of it (by address as TRUST_PROXY resolves it, an IPv6 client by its /64):
  // unset, an eighth; never less than one largest upload; 0 turns the share off (behind a proxy
  // without TRUST_PROXY, where every client has the proxy's address). Past it a body larger than
  // 64 KiB answers 429 with Retry-After; a smaller one (a report without photos) is let in.
  UPLOAD_BYTES_PER_CLIENT_MAX: z.coerce.number().int().min(0).optional(),
  // Proxy upstreams: unset means this same server's own services over loopback HTTP.
  OPEN311_URL: optionalUrl,
  OPEN311_API_KEY: z.string().min(1).optional(),
  COUNTERS_URL: optionalUrl,
  SERVICE_OBJECTS_URL: optionalUrl,
  // Geocoding: unset, the embedded address registry answers; set, a Pelias service's /geocoding/v1
  // base (Digitransit's), its key added by the proxy as this query parameter (or `header:NAME`).
  GEOCODER_URL: optionalUrl,
  GEOCODER_API_KEY: z.string().min(1).optional(),
  GEOCODER_API_KEY_PARAM: z
    .string()
    .regex(/^(header:)?[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, {
      message: 'must be a query parameter name such as digitransit-subscription-key, or header:NAME to send the key as a header',
    })
    .default('digitransit-subscription-key'),
  PROXY_POSTS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(5),
  COUNTER_AREA_SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  // Slow clients (http/slow-clients.ts). The whole request, headers and body, must arrive within
  // REQUEST_TIMEOUT_MS: 10 minutes carries a 10 MB photo at ~140 kbit/s, a weak mobile signal.
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(600_000),
  // A body must bring BODY_PROGRESS_MIN_BYTES in every BODY_PROGRESS_TIMEOUT_MS, or it is given
  // up on however much time is left: a trickle must not hold upload budget for the whole request
  // timeout. 60 KB in 30 s is 2 KB/s (16 kbit/s), below a phone's uplink even on GPRS (20-40
  // kbit/s); slower than that, one photo as the web app resizes it (~1 MB) would not arrive within
  // REQUEST_TIMEOUT_MS anyway.
  BODY_PROGRESS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  BODY_PROGRESS_MIN_BYTES: z.coerce.number().int().min(1).max(100 * 1024 * 1024).default(60 * 1024),
  // Above a load balancer's idle timeout for its connections to us (deploy/nginx.conf: 60 s, as
  // nginx's and most balancers' default), so the balancer closes an idle one first: closed by us
  // first, it could carry a request as it closes and be answered 502.
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(65_000),
  // Open connections per client address; 0 turns the cap off (e.g. behind a proxy, which it would count as one client).
  MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(0).max(100_000).default(64),
  SERVICES_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  COUNTERS_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  // How often each open311 body's case system is asked for its updates (status back, issue 27).
  CASE_SYSTEM_POLL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(300),
  // Daily alert digests go out from this local hour (TZ_NAME) on, one per alert a day (issue 28).
  ALERT_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
  // Moderation and email. Unset SMTP_URL: messages are written as .eml files under DATA_DIR/outbox.
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\/[^/]/i.test(value) && URL.canParse(value), {
      message: 'must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.org:587',
    })
    .optional(),
  MAIL_FROM: z
    .string()
    .max(320)
    .regex(/^(?:[^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, {
      message: 'must be an address such as no-reply@city.example or "Kerro <no-reply@city.example>"',
    })
    .default('Kerro <no-reply@kerro.local>'),
  // "Was it fixed?": days after a report closes that its reporter is asked, once (issue 28); 0 asks nobody.
  QUESTIONNAIRE_AFTER_DAYS: z.coerce.number().int().min(0).max(3650).default(28),
  SESSION_TTL_HOURS: z.coerce.number().positive().max(24 * 30).default(12),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  // The web app's map tiles (the same variable Vite builds into the app): its origin goes into the CSP.
  VITE_MAP_TILE_URL: z
    .string()
    .refine(isUsableTileTemplate, {
      message: 'must be an http(s) or root-relative URL template with {z}, {x} and {y}, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    })
    .optional(),
  // Where the app's map opens and whose credit it shows (the same variables Vite builds into the
  // app): the server draws that first view into the home page (map-frame.ts).
  VITE_MAP_CENTER: z
    .string()
    .refine(isMapCenter, { message: 'must be "lat,long" in WGS84 degrees, such as 60.1699,24.9384' })
    .optional(),
  VITE_MAP_ZOOM: z
    .string()
    .refine(isMapZoom, { message: 'must be a whole number from 1 to 19' })
    .transform((text) => parseMapZoom(text)!)
    .optional(),
  VITE_MAP_TILE_ATTRIBUTION: z.string().trim().min(1).optional(),
});

export type Config = z.infer<typeof configSchema>;

/** Thrown with every problem in the environment listed, so an operator fixes them in one go. */
export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most shells' `FOO= npm start`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.OPEN311_URL && !parsed.data.OPEN311_API_KEY) {
    throw new ConfigError('Invalid configuration:\n  OPEN311_API_KEY: required when OPEN311_URL points at another GeoReport service');
  }
  if (parsed.data.GEOCODER_API_KEY && !parsed.data.GEOCODER_URL) {
    throw new ConfigError('Invalid configuration:\n  GEOCODER_API_KEY: only used with GEOCODER_URL (a Pelias service); set GEOCODER_URL too, or unset the key for the embedded geocoder');
  }
  return parsed.data;
}
