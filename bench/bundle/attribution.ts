import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';

/** The libraries the first page's code is split into; anything else in node_modules is "other libraries". */
const libraries: readonly (readonly [string, RegExp])[] = [
  ['react-dom + react + scheduler', /\/node_modules\/(?:react-dom|react|scheduler)\//],
  ['react-router', /\/node_modules\/react-router(?:-dom)?\//],
  ['i18next + react-i18next', /\/node_modules\/(?:react-)?i18next\//],
  ['@tanstack/react-query', /\/node_modules\/@tanstack\//],
  ['other libraries', /\/node_modules\//],
];
export const appOwnCode = "the app's own code";
/** Generated code no source maps to: the bundler's module glue. */
export const unmapped = 'bundler glue (no source)';

const libraryOf = (source: string) => libraries.find(([, pattern]) => pattern.test(source))?.[0] ?? appOwnCode;

/**
 * Splits built chunks (with their `.map` beside them, `vite build --sourcemap`) by where each
 * stretch of generated code came from, and gzips each library's stretches together (from every
 * chunk at once): what each costs compressed on its own. The parts need not add up to the chunks
 * gzipped one by one, as the server sends them; the difference is a few per cent.
 */
export function gzipBytesByLibrary(assetsDir: string, files: Iterable<string>): Map<string, number> {
  const pieces = new Map<string, string[]>();
  for (const file of files) {
    const lines = readFileSync(join(assetsDir, file), 'utf8').split('\n');
    // The bundler's own runtime chunk comes without a map: all of it is glue.
    const mapPath = join(assetsDir, `${file}.map`);
    const map = existsSync(mapPath) ? (JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[]; mappings: string }) : { sources: [], mappings: '' };
    decode(map.mappings).forEach((segments, lineIndex) => {
      const line = lines[lineIndex] ?? '';
      const starts: [number, string][] = [[0, unmapped]];
      for (const [column, sourceIndex] of segments) starts.push([column, sourceIndex === undefined ? unmapped : libraryOf(map.sources[sourceIndex]!)]);
      starts.forEach(([start, library], index) => {
        const text = line.slice(start, starts[index + 1]?.[0] ?? line.length);
        if (!text) return;
        const texts = pieces.get(library);
        if (texts) texts.push(text);
        else pieces.set(library, [text]);
      });
    });
  }
  return new Map([...pieces].map(([library, texts]) => [library, gzipSync(texts.join('')).length]));
}
