import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { supportedLocales } from '../../src/shared/locales';

const localesDir = join(process.cwd(), 'src/client/locales');

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function load(language: string, file: string): unknown {
  return JSON.parse(readFileSync(join(localesDir, language, file), 'utf8'));
}

describe('UI texts', () => {
  const namespaces = readdirSync(join(localesDir, 'en')).filter((file) => file.endsWith('.json'));

  it('exist for every supported language, with the same namespaces', () => {
    for (const language of supportedLocales) {
      expect(readdirSync(join(localesDir, language)).sort()).toEqual([...namespaces].sort());
    }
  });

  it.each(namespaces)('%s has the same keys in fi, sv and en, none empty', (file) => {
    const reference = keysOf(load('en', file)).sort();
    for (const language of supportedLocales) {
      const texts = load(language, file);
      expect(keysOf(texts).sort(), `${language}/${file}`).toEqual(reference);
      for (const key of reference) {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts);
        expect(typeof text === 'string' && text.trim() !== '', `${language}/${file}: ${key}`).toBe(true);
      }
    }
  });
});
