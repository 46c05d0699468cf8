/**
 * The keep-alive race behind a load balancer: nginx must close an idle upstream connection before
 * the instance does, or it can send a request down a connection as the instance closes it (502
 * "upstream prematurely closed"). The server's defaults must outlast the sample's upstream idle time.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { timeoutOptions } from '../../../src/server/http/slow-clients';
import { projectRoot } from '../../helpers/project-root';

/** nginx's time syntax (`60s`, `1m`, `500ms`, a bare number is seconds) in milliseconds. */
function nginxMs(value: string): number {
  const match = /^(\d+)(ms|s|m|h)?$/.exec(value);
  if (!match) throw new Error(`not an nginx time: ${value}`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] ?? 's']!;
  return Number(match[1]) * unit;
}

it("keeps idle connections open longer than deploy/nginx.conf's upstream keepalive_timeout", () => {
  const sample = readFileSync(join(projectRoot, 'deploy/nginx.conf'), 'utf8');
  const upstream = /upstream kerro \{([^}]*)\}/.exec(sample)?.[1] ?? '';
  expect(upstream).toMatch(/^\s*keepalive \d+;/m);
  // Unset, nginx keeps an idle upstream connection 60 s.
  const nginxIdleMs = nginxMs(/^\s*keepalive_timeout (\S+);/m.exec(upstream)?.[1] ?? '60s');

  const options = timeoutOptions(loadConfig({}));
  expect(options.keepAliveTimeout).toBeGreaterThan(nginxIdleMs);
  expect((options.http as { headersTimeout: number }).headersTimeout).toBeGreaterThan(options.keepAliveTimeout!);
});
