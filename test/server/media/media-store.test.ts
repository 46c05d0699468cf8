import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileMediaStore } from '../../../src/server/storage/media-files';
import { isMediaFileName } from '../../../src/server/storage/repositories/media';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'kerro-media-'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('createFileMediaStore', () => {
  it('creates its directory, saves under a random name and opens the same bytes', async () => {
    const directory = join(root, 'data', 'media');
    const store = createFileMediaStore(directory);
    const bytes = Buffer.from('pretend jpeg bytes');

    const fileName = await store.save(bytes, 'jpg');

    expect(fileName).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(await readFile(join(directory, fileName))).toEqual(bytes);
    // Only the final file remains: the temporary file was renamed, not copied.
    expect(await readdir(directory)).toEqual([fileName]);

    const opened = await store.open(fileName);
    expect(opened?.size).toBe(bytes.length);
    expect(await readAll(opened!.stream)).toEqual(bytes);
  });

  it('never hands out the same name twice', async () => {
    const store = createFileMediaStore(root);
    const names = await Promise.all(Array.from({ length: 50 }, () => store.save(Buffer.from('x'), 'png')));
    expect(new Set(names).size).toBe(50);
  });

  it('refuses an extension it does not know', async () => {
    const store = createFileMediaStore(root);
    await expect(store.save(Buffer.from('x'), 'html' as 'jpg')).rejects.toThrow(/unsupported media extension/);
    expect(await readdir(root)).toEqual([]);
  });

  it('returns undefined for a well-formed name that does not exist', async () => {
    const store = createFileMediaStore(root);
    expect(await store.open(`${'0'.repeat(32)}.jpg`)).toBeUndefined();
  });

  it('refuses traversal and every name it could not have generated, without touching the disk', async () => {
    const directory = join(root, 'media');
    const store = createFileMediaStore(directory);
    const saved = await store.save(Buffer.from('photo'), 'jpg');
    // A file outside the store that a traversal would reach.
    await writeFile(join(root, 'secret.jpg'), 'secret');

    const hostile = [
      '../x',
      'a/b',
      '..%2F',
      '..%2Fsecret.jpg',
      '../secret.jpg',
      `../media/${saved}`,
      `/${saved}`,
      `${saved}/`,
      `${saved}\0`,
      saved.toUpperCase(),
      saved.replace('.jpg', '.html'),
      `.${saved}`,
      '',
      '.',
      '..',
    ];
    for (const name of hostile) {
      expect(isMediaFileName(name), name).toBe(false);
      expect(await store.open(name), name).toBeUndefined();
    }
  });

  it('does not follow a symlink planted under a valid name', async () => {
    await writeFile(join(root, 'secret'), 'secret');
    const name = `${'a'.repeat(32)}.png`;
    await symlink(join(root, 'secret'), join(root, name));
    expect(await createFileMediaStore(root).open(name)).toBeUndefined();
  });

  it('removes files idempotently and ignores names it could not have made', async () => {
    const store = createFileMediaStore(root);
    await writeFile(join(root, 'keep.txt'), 'keep');
    const fileName = await store.save(Buffer.from('photo'), 'webp');

    await store.remove(fileName);
    expect(await store.open(fileName)).toBeUndefined();
    await expect(store.remove(fileName)).resolves.toBeUndefined();
    await store.remove('keep.txt');
    await store.remove('../keep.txt');
    expect(await readdir(root)).toEqual(['keep.txt']);
  });
});
