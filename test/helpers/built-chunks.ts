import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { firstNamespaces } from '../../src/client/lib/first-namespaces';
import { supportedLocales, type SupportedLocale } from '../../src/shared/locales';

/**
 * A client build's JavaScript as a browser meets it (dist/client or any `vite build` with
 * `manifest: true`): the entry script index.html loads, the chunk Vite's manifest names for a
 * source module, and the chunks a set of chunks imports statically (read from their code: what
 * the browser downloads before running them; `import()` is not followed). The bundle test and
 * `npm run bench:bundle` both measure through this, so they agree on what a page costs.
 */
export interface ClientBuild {
  /** The entry script's file under assets/, from index.html. */
  entry: string;
  /** The chunk built from a source module (two chunks may share a name: report-*.js). */
  chunkOf: (sourceModule: string) => string;
  /** The chunk vite.config.ts names for a group of modules (it has no one source module). */
  chunkNamed: (name: string) => string;
  /** The files and every file they import statically. */
  staticClosure: (start: Iterable<string>) => Set<string>;
  /** The files of a set whose code contains `marker` (a string minifying keeps). */
  filesWith: (files: Iterable<string>, marker: string) => string[];
  /** A built file's text. */
  code: (file: string) => string;
  /** The gzip bytes of the files, each compressed alone (as the server sends them). */
  gzipBytes: (files: Iterable<string>) => number;
}

export function readClientBuild(clientDir: string): ClientBuild {
  const assetsDir = join(clientDir, 'assets');
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; name?: string }>;
  const texts = new Map<string, string>();
  const code = (file: string) => {
    let text = texts.get(file);
    if (text === undefined) {
      text = readFileSync(join(assetsDir, file), 'utf8');
      texts.set(file, text);
    }
    return text;
  };

  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const entryMatch = /<script[^>]+src="\/assets\/([^"]+\.js)"/.exec(html);
  if (!entryMatch) throw new Error(`no entry script in ${join(clientDir, 'index.html')}`);

  const chunkOf = (sourceModule: string) => {
    const chunk = manifest[sourceModule];
    if (!chunk) throw new Error(`no chunk of ${sourceModule} in the build`);
    return chunk.file.replace(/^assets\//, '');
  };

  const chunkNamed = (name: string) => {
    const chunk = Object.values(manifest).find((each) => each.name === name);
    if (!chunk) throw new Error(`no chunk named ${name} in the build`);
    return chunk.file.replace(/^assets\//, '');
  };

  const staticClosure = (start: Iterable<string>) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const match of code(file).matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(match[1]!);
    };
    for (const file of start) visit(file);
    return seen;
  };

  return {
    entry: entryMatch[1]!,
    chunkOf,
    chunkNamed,
    staticClosure,
    filesWith: (files, marker) => [...files].filter((file) => code(file).includes(marker)),
    code,
    gzipBytes: (files) => [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(assetsDir, file))).length, 0),
  };
}

/** The app, which the entry script imports after the frame's first paint (src/client/boot.ts). */
export const appModule = 'src/client/main.tsx';

/**
 * The chunk of a language's texts in a namespace (src/client/locales/<code>/<namespace>.json); the
 * first namespaces (src/client/lib/first-namespaces.ts) share one per language, `texts-<code>` (vite.config.ts).
 */
export const textsChunk = (build: ClientBuild, language: SupportedLocale, namespace = 'common') =>
  (firstNamespaces as readonly string[]).includes(namespace) ? build.chunkNamed(`texts-${language}`) : build.chunkOf(`src/client/locales/${language}/${namespace}.json`);

/**
 * The texts a page downloads before its first render, in one language: the first namespaces and
 * the page's own (`texts` in src/client/app/router.tsx). A page shows one language; its cost
 * counts the one whose texts weigh most.
 */
export function heaviestPageTexts(build: ClientBuild, namespaces: readonly string[] = []): string[] {
  const textsIn = (language: SupportedLocale) => [textsChunk(build, language), ...namespaces.map((namespace) => textsChunk(build, language, namespace))];
  return supportedLocales.map(textsIn).sort((a, b) => build.gzipBytes(b) - build.gzipBytes(a))[0]!;
}

/**
 * A page's code: the entry, the app and the page's own chunk (by its source module, e.g.
 * src/client/app/routes/home.tsx), with everything they import statically; texts not included.
 */
export const pageCode = (build: ClientBuild, pageModule: string) => build.staticClosure([build.entry, build.chunkOf(appModule), build.chunkOf(pageModule)]);
