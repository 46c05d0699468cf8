import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Store } from '../../../../src/server/storage';
import { MEDIA_CONTENT_TYPES, type MediaExtension } from '../../../../src/server/storage/repositories/media';
import { openSecondStore, useFreshStore } from './fixtures';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function contents(store: Store, fileName: string): Promise<Buffer | undefined> {
  const opened = await store.media.open(fileName);
  if (!opened) return undefined;
  const bytes = await readAll(opened.stream);
  expect(opened.size).toBe(bytes.length);
  return bytes;
}

const extensions = Object.keys(MEDIA_CONTENT_TYPES) as MediaExtension[];

describe('media', () => {
  const opened = useFreshStore();

  it.each(extensions)('save (.%s) answers a new random name, and open gives the same bytes back', async (extension) => {
    const bytes = randomBytes(4096);
    const name = await opened.store.media.save(bytes, extension);
    expect(name).toMatch(new RegExp(`^[0-9a-f]{32}\\.${extension}$`));
    expect(await contents(opened.store, name)).toEqual(bytes);
  });

  it('every save gets its own name, even for the same bytes', async () => {
    const bytes = Buffer.from('same photo');
    const names = await Promise.all(Array.from({ length: 10 }, () => opened.store.media.save(bytes, 'jpg')));
    expect(new Set(names).size).toBe(10);
    for (const name of names) expect(await contents(opened.store, name)).toEqual(bytes);
  });

  it('round-trips empty, binary and large contents byte for byte', async () => {
    const cases = [
      Buffer.alloc(0),
      Buffer.from([0, 255, 0, 10, 13, 0x5c, 0x27, 0x22, 0]),
      randomBytes(6 * 1024 * 1024 + 7),
    ];
    for (const bytes of cases) {
      const name = await opened.store.media.save(bytes, 'webp');
      expect((await contents(opened.store, name))?.equals(bytes)).toBe(true);
    }
  });

  it('refuses an extension it does not serve', async () => {
    await expect(opened.store.media.save(Buffer.from('x'), 'svg' as MediaExtension)).rejects.toThrow();
    await expect(opened.store.media.save(Buffer.from('x'), 'JPG' as MediaExtension)).rejects.toThrow();
  });

  it('open answers undefined for a name it could not have made, and for a missing file', async () => {
    const name = await opened.store.media.save(Buffer.from('photo'), 'png');
    const stem = name.slice(0, 32);
    const invalid = [
      '',
      'photo.png',
      `${stem}.PNG`,
      `${stem.toUpperCase()}.png`,
      `${stem.slice(1)}.png`,
      `${stem}0.png`,
      `${stem}.jpeg`,
      `${stem}.png.png`,
      `${name} `,
      ` ${name}`,
      `${name}/`,
      `./${name}`,
      `../${name}`,
      `../media/${name}`,
      `%2e%2e%2f${name}`,
      `${name}\u0000`,
      `${stem}\u0000.png`,
      '..',
      '.',
      '/etc/passwd',
      `.${name}`,
    ];
    for (const fileName of invalid) expect(await opened.store.media.open(fileName), fileName).toBeUndefined();
    expect(await opened.store.media.open(`${'0'.repeat(32)}.png`)).toBeUndefined();
    expect(await contents(opened.store, name)).toEqual(Buffer.from('photo'));
  });

  it('remove deletes for good, and is idempotent (missing or invalid names are fine)', async () => {
    const keep = await opened.store.media.save(Buffer.from('keep'), 'jpg');
    const name = await opened.store.media.save(Buffer.from('remove me'), 'jpg');
    await opened.store.media.remove(name);
    expect(await opened.store.media.open(name)).toBeUndefined();
    await opened.store.media.remove(name);
    await opened.store.media.remove(`${'0'.repeat(32)}.gif`);
    await opened.store.media.remove('../../etc/passwd');
    await opened.store.media.remove('');
    expect(await contents(opened.store, keep)).toEqual(Buffer.from('keep'));
  });

  it('put stores bytes under a name this store could have made, and refuses any other name', async () => {
    const name = `${'0123456789abcdef'.repeat(2)}.gif`;
    await opened.store.media.put(name, Buffer.from('copied'));
    expect(await contents(opened.store, name)).toEqual(Buffer.from('copied'));
    for (const invalid of ['copied.gif', `../${name}`, `${'A'.repeat(32)}.gif`, `${'0'.repeat(32)}.svg`]) {
      await expect(opened.store.media.put(invalid, Buffer.from('x')), invalid).rejects.toThrow();
    }
    expect(await opened.store.media.open('copied.gif')).toBeUndefined();
  });

  it('another instance on the same store sees the photos and their removal', async () => {
    const other = await openSecondStore(opened);
    try {
      const name = await opened.store.media.save(Buffer.from('shared'), 'jpg');
      expect(await contents(other, name)).toEqual(Buffer.from('shared'));
      await other.media.remove(name);
      expect(await opened.store.media.open(name)).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});
