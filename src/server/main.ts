import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openStore, removeAbandonedPhotoWrites, removeOrphanPhotos, type OrphanPhotoSweep } from './storage';
import { prepareDataDirectory } from './data-directory';
import { seedObservationDemoData } from './observations/demo-data';
import { seedDemoData } from './demo/seed';
import { seedDemoAddresses } from './demo/addresses';
import { seedCounterDemoData } from './counters/demo-data';
import type { OutboxSender } from './notify/outbox-sender';
import { startOutboxSender } from './notify/start-outbox-sender';
import type { ForwardSender } from './forwarding/forward-sender';
import { startForwardSender } from './forwarding/start-forward-sender';
import type { JobLoop } from './jobs/job-loop';
import { startQuestionnaireSender } from './questionnaire/start-questionnaire-sender';
import type { CaseSystemPoller } from './forwarding/case-system-poller';
import { startCaseSystemPoller } from './forwarding/start-case-system-poller';
import { startCaseSystemUpdateSender } from './forwarding/start-case-system-update-sender';
import { onForwardJob } from './forwarding/forward-signal';
import { createMailLinks, ensureMailLinkSecret, mailBaseUrl } from './notify/mail-links';
import { startAlertSender, type AlertSender } from './residents/alerts-sender';

/** How long requests in flight get to finish after SIGTERM; under the usual 30 s before a SIGKILL. */
const SHUTDOWN_GRACE_MS = 20_000;
const SLOW_PHASE_MS = 2_000;

export interface RunningServer {
  app: FastifyInstance;
  /** Finishes requests in flight, then closes the database. Safe to call twice. */
  stop: () => Promise<void>;
}

/** Opens the database, seeds demo data if asked, and listens. Also used by `npm run dev` (dev.ts). */
export async function startServer(config: Config): Promise<RunningServer> {
  const { staleUploadsRemoved } = await prepareDataDirectory(config);
  const abandonedPhotoWritesRemoved = await removeAbandonedPhotoWrites(config, Date.now());
  const store = await openStore(config);
  let app: FastifyInstance;
  let orphanPhotos: OrphanPhotoSweep | undefined;
  try {
    orphanPhotos = await removeOrphanPhotos(config, store, Date.now());
    if (config.DEMO_DATA) await seedDemoData(store, { config, now: Date.now() });
    if (config.DEMO_DATA) await seedDemoAddresses(store);
    // One clock for both, so the counters' stored-observation times are the observations' own.
    const seededAt = Date.now();
    if (config.DEMO_DATA) await seedCounterDemoData(store.counters, seededAt);
    if (config.DEMO_DATA) await seedObservationDemoData(store, seededAt, config.TZ_NAME);
    app = await buildApp({ config, store, logger: { level: config.LOG_LEVEL } });
  } catch (error) {
    await store.close();
    throw error;
  }

  let outboxSender: OutboxSender | undefined = undefined; // started once listening
  let forwardSender: ForwardSender | undefined = undefined;
  let questionnaireSender: JobLoop | undefined = undefined;
  let caseSystemUpdateSender: JobLoop | undefined = undefined;
  let caseSystemPoller: CaseSystemPoller | undefined = undefined; // started once listening
  let alertSender: AlertSender | undefined = undefined;
  let stopWakingAlerts = () => {};
  let stopping: Promise<void> | undefined;
  // A slow phase says so at warn level (the level tests and quiet deployments run at), naming itself.
  const phase = async (name: string, run: () => unknown) => {
    const started = Date.now();
    try {
      await run();
    } finally {
      const ms = Date.now() - started;
      if (ms > SLOW_PHASE_MS) app.log.warn({ phase: name, ms }, 'shutdown phase was slow');
    }
  };
  const stop = () =>
    (stopping ??= (async () => {
      // A client that never finishes its request must not hold the exit for ever.
      const cutOff = setTimeout(() => {
        app.log.warn({ afterMs: SHUTDOWN_GRACE_MS }, 'shutdown: cutting the connections still open');
        app.server.closeAllConnections();
      }, SHUTDOWN_GRACE_MS).unref();
      try {
        await phase('finish requests in flight', () => app.close());
      } finally {
        clearTimeout(cutOff);
        // The senders finish a delivery in progress before the database closes under them.
        await phase('stop the forward sender', () => forwardSender?.stop().catch(() => undefined));
        await phase('stop the case system update sender', () => caseSystemUpdateSender?.stop().catch(() => undefined));
        await phase('stop the questionnaire sender', () => questionnaireSender?.stop().catch(() => undefined));
        // A poll in progress finishes its change before the database closes under it.
        await phase('stop the case system poller', () => caseSystemPoller?.stop().catch(() => undefined));
        stopWakingAlerts();
        await phase('stop the alert sender', () => alertSender?.stop().catch(() => undefined));
        await phase('stop the email sender', () => outboxSender?.stop().catch(() => undefined));
        await phase('close the database', () => store.close());
      }
    })());

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await stop();
    throw error;
  }
  if (staleUploadsRemoved > 0) app.log.info({ staleUploadsRemoved }, 'removed uploads an earlier run left in DATA_DIR/tmp');
  if (abandonedPhotoWritesRemoved > 0) app.log.info({ abandonedPhotoWritesRemoved }, 'removed half-written photos a killed process left in the media directory');
  if (orphanPhotos?.keptAll) {
    app.log.warn({ orphanPhotosKept: orphanPhotos.orphans }, 'the media directory holds photos older than an hour that this database names none of: left in place; check that DATA_DIR or DATABASE_URL is the database these photos belong to');
  } else if (orphanPhotos && orphanPhotos.removed > 0) {
    app.log.info({ orphanPhotosRemoved: orphanPhotos.removed }, 'removed photos no report or update names (a killed process saved them before their row)');
  }
  outboxSender = startOutboxSender(store.outbox, config, app.log);
  forwardSender = await startForwardSender(store, config, app.log);
  caseSystemUpdateSender = startCaseSystemUpdateSender(store, app.log);
  questionnaireSender = await startQuestionnaireSender(store, config, app.log);
  caseSystemPoller = await startCaseSystemPoller(store, config, app.log);
  alertSender = startAlertSender({
    repositories: store,
    log: app.log,
    mail: { links: createMailLinks(await ensureMailLinkSecret(store.settings), mailBaseUrl(config)), mailFrom: config.MAIL_FROM },
    timeZone: config.TZ_NAME,
    digestHour: config.ALERT_DIGEST_HOUR,
  });
  // Announced at each publication (a forward job may follow it): the alerts look at once too.
  stopWakingAlerts = onForwardJob(() => alertSender?.wake());
  if (config.SMTP_URL && !config.PUBLIC_BASE_URL) {
    app.log.warn('SMTP_URL is set but PUBLIC_BASE_URL is not: links in emails (tracking, confirm, unsubscribe) name this server’s own listening address, never a caller’s Host; set PUBLIC_BASE_URL to the address residents use');
  }
  return { app, stop };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);

  const shutdown = (signal: string) => {
    server.app.log.info({ signal }, 'shutting down: finishing requests in flight');
    void server.stop().finally(() => process.exit(0));
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

// Run only when started as a program (tsx src/server/main.ts), not when dev.ts imports it.
function isEntryPoint(): boolean {
  try {
    return realpathSync(process.argv[1] ?? '') === fileURLToPath(import.meta.url);
  } catch {
    return false; // no script path (e.g. a REPL): not started as a program
  }
}

if (isEntryPoint()) {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError) {
      console.error(error.message);
    } else {
      console.error('Kerro failed to start:', error);
    }
    process.exit(1);
  });
}
