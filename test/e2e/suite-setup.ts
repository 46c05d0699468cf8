import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from '../helpers/browser';
import { startKerroServer, type KerroServer } from '../helpers/kerro-server';
import { startSmtpServer } from '../server/notify/smtp-test-server';

type ServerOptions = Parameters<typeof startKerroServer>[0];

export interface ServerAndBrowser {
  readonly server: KerroServer;
  readonly browser: Browser;
}

/**
 * The e2e suites' set-up, written once: before the tests of the file (or describe) it is called
 * in, the real server starts, then Chromium; after them the browser closes before the server
 * stops. The options may be a function, read when the server starts, for values that exist only
 * once an earlier hook ran (e.g. a test SMTP server's URL). Hooks run in the order registered and
 * tear down in reverse (Vitest's `sequence.hooks: 'stack'`), so a hook registered before this call
 * is set up before the server and torn down after it; one registered after it sees both running.
 */
export function withServerAndBrowser(options?: ServerOptions | (() => ServerOptions)): ServerAndBrowser {
  let server: KerroServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startKerroServer(typeof options === 'function' ? options() : options);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    // Either may be missing when its start failed: that failure, not a TypeError here, is reported.
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} is not running: it starts in this suite's beforeAll, so use it in a test or a later hook`);
    return value;
  };
  return {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
  };
}

type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

export interface MailServerAndBrowser extends ServerAndBrowser {
  /** The real SMTP server on loopback the Kerro server sends its email to. */
  readonly smtp: SmtpServer;
}

/**
 * withServerAndBrowser with a real SMTP server on loopback as the server's SMTP_URL: it starts
 * before the server and closes after it (its hooks are registered first).
 */
export function withMailServerAndBrowser(): MailServerAndBrowser {
  let smtp: SmtpServer | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const suite = withServerAndBrowser(() => ({ env: { SMTP_URL: smtp!.url } }));
  return {
    get server() {
      return suite.server;
    },
    get browser() {
      return suite.browser;
    },
    get smtp() {
      if (smtp === undefined) throw new Error("the SMTP server is not running: it starts in this suite's beforeAll, so use it in a test or a later hook");
      return smtp;
    },
  };
}
