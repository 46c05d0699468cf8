/**
 * Makes the installable app's PNG icons (public/icons/) from public/favicon.svg, once; the PNGs
 * are committed. `npx tsx scripts/make-app-icons.ts` after changing the logo.
 * - icon-192/512: the logo as it is (rounded square), for launchers that show an icon whole;
 * - icon-maskable-512 and apple-touch-icon: the glyph inside the maskable safe zone (the inner
 *   80 % circle) on a full brand-coloured square, which a launcher may crop to any shape.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { appThemeColor } from '../src/shared/web-app/manifest';

const root = join(import.meta.dirname, '..');
const logo = readFileSync(join(root, 'public/favicon.svg'));
const out = (name: string) => join(root, 'public/icons', name);

// The favicon's glyph (speech bubble with "!"), drawn at 60 % of the square, centred.
const glyph = readFileSync(join(root, 'public/favicon.svg'), 'utf8').replace(/^<svg[^>]*><rect[^>]*\/>/, '').replace(/<\/svg>\s*$/, '');
const fullBleed = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${appThemeColor}"/>` +
    `<g transform="translate(16 16.6) scale(0.8) translate(-16 -17)">${glyph}</g></svg>`,
);

const render = (svg: Buffer, size: number, name: string) =>
  sharp(svg, { density: (72 * size) / 32 }).resize(size, size).png({ compressionLevel: 9 }).toFile(out(name));

await render(logo, 192, 'icon-192.png');
await render(logo, 512, 'icon-512.png');
await render(fullBleed, 512, 'icon-maskable-512.png');
await render(fullBleed, 180, 'apple-touch-icon.png');
