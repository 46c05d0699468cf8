import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { requestJsonUrl } from '../shared/georeport/request-url';
import { preferredLocale } from '../shared/locales';
import { acceptLanguageTags } from './http/accept-language';

/**
 * The app's index.html with `<link rel="modulepreload">` for the app (main.tsx, which the entry
 * script imports only after the first paint: src/client/boot.ts) and for the code of the page
 * asked for, so a phone fetches them together with the entry script instead of one after another
 * (round trips less before the page's content paints). Built from Vite's manifest
 * (dist/client/.vite/manifest.json); without it, index.html as built.
 *
 * The texts of the page's language (texts-<language>.js) are not preloaded: the language is
 * first the person's remembered choice, which only the browser knows (localStorage). A guess from
 * Accept-Language would download a second language's texts whenever the two differ, and would
 * make the page vary by Accept-Language (one cached copy and ETag per language). The entry script
 * asks for them as it starts (src/client/boot.ts), before the first paint the app waits for.
 *
 * A request's page is the exception: the app asks for the request only once its code has run, and
 * the request's point is what its largest paint (the map's tiles) waits for. Its JSON is preloaded
 * in the language Accept-Language names, which the browser sends from the same list the app reads
 * (navigator.languages); it is wrong only for a person whose remembered choice differs from the
 * browser's, who then downloads the request (a few KB) a second time. The page varies by
 * Accept-Language (pageVariesByLanguage).
 */
const appModule = 'src/client/main.tsx';
/**
 * The pages with their own chunks, and whether the page shows a map as soon as it opens. The
 * map's own code (Leaflet) is not preloaded: the home page's HTML carries the map's first tiles
 * (map-frame.ts) and a request's page draws them as soon as it knows the point
 * (point-map-preview.tsx), so the largest paint waits for no Leaflet, and its download should
 * not share a phone's bandwidth with those tiles. Nor is /report's form (features/report/
 * components/report-flow.tsx, imported as the page's code runs): preloaded, it shared the line with
 * the page's own chunks and its code ran before the intro (the largest paint) could be painted.
 */
const requestPage = /^\/requests\/([^/]+)\/?$/;
const pageModules: readonly (readonly [RegExp, string, boolean])[] = [
  [/^\/$/, 'src/client/app/routes/home.tsx', true],
  [/^\/report\/?$/, 'src/client/app/routes/report.tsx', false],
  [/^\/counters\/?$/, 'src/client/app/routes/counters.tsx', false],
  [requestPage, 'src/client/app/routes/request-track.tsx', true],
];

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

type Manifest = Record<string, ManifestChunk>;

/** A chunk's files (script and styles) and those of every chunk it imports statically, in load order. */
function staticFiles(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((imported) => staticFiles(manifest, imported, seen))];
}

// Styles are fetched early but applied by the page's code as before: a stylesheet link would block
// the first paint. Scripts at low priority: the frame's stylesheet and the entry script go first,
// so the frame paints while the app's code is still arriving (the app starts after that paint).
const preloadLink = (file: string) =>
  file.endsWith('.css')
    ? `<link rel="preload" as="style" crossorigin href="/${file}">`
    : `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`;

/** Whether the page for a path differs by the request's Accept-Language (a request's page: its JSON's language). */
export const pageVariesByLanguage = (path: string) => requestPage.test(path);

/** The service_request_id a request's page is for (its path segment decoded); undefined for other pages or a malformed encoding. */
export function requestIdOfPath(path: string): string | undefined {
  const segment = requestPage.exec(path)?.[1];
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * The id as the app's router gives it to the page: each path segment decoded, an encoded slash
 * kept encoded (react-router's decodePath); undefined for a malformed encoding.
 */
function routeParam(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment).replace(/\//g, '%2F');
  } catch {
    return undefined;
  }
}

/** A request's page with the request's JSON preloaded, the URL the app will fetch (`crossorigin`: fetch's CORS mode). */
function withRequestJson(page: string, segment: string, acceptLanguage: string | undefined): string {
  const id = routeParam(segment);
  if (id === undefined) return page;
  // encodeURIComponent leaves no character that could end the attribute.
  const url = requestJsonUrl(id, preferredLocale(acceptLanguageTags(acceptLanguage)));
  return page.replace('</head>', `<link rel="preload" as="fetch" crossorigin href="${url}"></head>`);
}

function readManifest(clientDir: string): Manifest | undefined {
  const path = join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  } catch {
    return undefined; // a broken manifest costs the hint, never the page
  }
}

/**
 * Returns the page for a path and its query string, or undefined to send index.html as it is.
 * `tileOrigin`: the map tiles' server. A page that opens with a map connects to it while the app's
 * code downloads; on a phone its DNS, TCP and TLS round trips would otherwise come after Leaflet
 * starts, in front of the first tile (the page's largest paint). `homeMap`: the home page's map
 * for its query (map-frame.ts), put in the frame under the header so its tiles are the first
 * images asked for and paint before the app.
 */
export function routePreloads(
  clientDir: string,
  tileOrigin?: string,
  homeMap?: (query: string) => string,
): (path: string, query: string, acceptLanguage?: string) => string | undefined {
  const manifest = readManifest(clientDir);
  if (!manifest) return () => undefined;
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  // index.html already loads the entry and preloads its imports.
  const entryChunks = new Set<string>();
  const alreadyLoaded = new Set(entryKey ? staticFiles(manifest, entryKey, entryChunks) : []);
  const withPreloads = (moduleKeys: string[], opensMap = false) => {
    // Chunks shared by the app and the page are listed once.
    const seen = new Set(entryChunks);
    const files = moduleKeys.flatMap((key) => staticFiles(manifest, key, seen)).filter((file) => !alreadyLoaded.has(file));
    // Tiles are plain images (no CORS), so the connection is opened without crossorigin.
    const links = [...(opensMap && tileOrigin ? [`<link rel="preconnect" href="${tileOrigin}">`] : []), ...files.map(preloadLink)];
    return links.length > 0 ? html.replace('</head>', `${links.join('')}</head>`) : undefined;
  };
  // Every page needs the app; the pages listed above also their own code.
  const otherPages = withPreloads([appModule]);
  const pages = pageModules.map(([pattern, moduleKey, opensMap]) => [pattern, withPreloads([appModule, moduleKey], opensMap)] as const);
  // pageModules' first entry is the home page.
  const home = pages[0]![1] ?? html;
  const withHomeMap = (query: string) => home.replace('</header>', `</header>${homeMap?.(query) ?? ''}`);
  // The usual address, `/` without a query, is made once: the same string each time.
  const plainHome = withHomeMap('');
  return (path, query, acceptLanguage) => {
    if (homeMap && path === '/') return query === '' ? plainHome : withHomeMap(query);
    const page = pages.find(([pattern]) => pattern.test(path))?.[1] ?? otherPages;
    const requestSegment = requestPage.exec(path)?.[1];
    return page !== undefined && requestSegment !== undefined ? withRequestJson(page, requestSegment, acceptLanguage) : page;
  };
}
