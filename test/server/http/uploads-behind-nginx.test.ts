/**
 * deploy/nginx.conf and the instances' upload limits agree (README, "Uploads and slow clients"):
 * nginx lets through the largest upload an instance takes, and reads bodies whole before passing
 * them on, so slow clients hold nginx's connections rather than an instance's upload budget.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { maxMultipartBytes } from '../../../src/server/open311/form-body-parsers';
import { projectRoot } from '../../helpers/project-root';

const sample = readFileSync(join(projectRoot, 'deploy/nginx.conf'), 'utf8');
const directive = (name: string) => new RegExp(`^\\s*${name} (\\S+);`, 'm').exec(sample)?.[1];

/** nginx's size syntax (`60m`, `1g`, `512k`, a bare number is bytes) in bytes. */
function nginxBytes(value: string): number {
  const match = /^(\d+)([kmg])?$/i.exec(value);
  if (!match) throw new Error(`not an nginx size: ${value}`);
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[(match[2] ?? '').toLowerCase() as '' | 'k' | 'm' | 'g'];
  return Number(match[1]) * unit;
}

it("lets the largest upload the instances take through deploy/nginx.conf's client_max_body_size", () => {
  expect(nginxBytes(directive('client_max_body_size') ?? '1m')).toBeGreaterThanOrEqual(maxMultipartBytes(loadConfig({})));
});

it('has nginx read each body whole before an instance sees it (proxy_request_buffering on, stated)', () => {
  expect(directive('proxy_request_buffering')).toBe('on');
  expect(directive('client_body_timeout')).toBeDefined();
});
