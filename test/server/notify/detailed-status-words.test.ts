/**
 * An email names a case system's public works stage (issue 27) in the reader's language with the
 * very words the request's public page uses, so the two never disagree.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detailedStatusWords } from '../../../src/server/notify/detailed-status-words';
import { publicWorksStatuses } from '../../../src/shared/georeport/detailed-status';
import { supportedLocales } from '../../../src/shared/locales';

const pageLabels = (language: string) =>
  (JSON.parse(readFileSync(join(process.cwd(), 'src/client/locales', language, 'requests.json'), 'utf8')) as { detailedStatus: Record<string, { label: string }> })
    .detailedStatus;

describe('public works stages in emails', () => {
  it.each(supportedLocales)('reads each value as the public page does in %s, after the base stage', (language) => {
    const labels = pageLabels(language);
    for (const value of publicWorksStatuses) {
      expect(detailedStatusWords(language, ['IN_PROCESS', value], { IN_PROCESS: 'base' }), value).toBe(`base · ${labels[value]!.label}`);
    }
  });
});
