import { createServer, type ViteDevServer } from 'vite';
import { ConfigError, loadConfig } from './config';
import { startServer, type RunningServer } from './main';

/** Vite's port; vite.config.ts forwards the API prefixes from there to the Kerro server. */
const VITE_PORT = 5173;

/**
 * `npm run dev`: the Kerro server (API, proxy, embedded services) on PORT, and Vite with hot
 * reload on 5173 for the web app. Open http://127.0.0.1:5173/.
 */
async function dev(): Promise<void> {
  const config = loadConfig();
  // Filled in as each part starts, so a Ctrl-C during start-up stops what is already running.
  const running: { server?: RunningServer; vite?: ViteDevServer } = {};

  let stopping = false;
  const stopAll = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the dev servers`);
    await Promise.allSettled([running.vite?.close(), running.server?.stop()]);
    process.exit(0);
  };
  process.on('SIGINT', () => void stopAll('SIGINT'));
  process.on('SIGTERM', () => void stopAll('SIGTERM'));

  running.server = await startServer(config);
  const vite = await createServer({
    configFile: 'vite.config.ts',
    server: { port: VITE_PORT, strictPort: true, host: config.HOST },
  });
  running.vite = vite;
  await vite.listen();
  vite.printUrls();
  console.log(`Kerro API on http://${config.HOST}:${config.PORT}/`);
}

dev().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
