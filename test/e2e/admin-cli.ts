import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { projectRoot } from '../helpers/project-root';

/** The compiled admin command line, as `npm run admin` runs it (built by the e2e globalSetup). */
const adminArgs = (args: readonly string[]) => ['dist-server/server/admin/cli.js', ...args];

/** Runs `npm run admin -- …args` with the given settings on top of this process's; its stdout. */
export function adminCli(args: readonly string[], env: Record<string, string>, input?: string): string {
  return execFileSync(process.execPath, adminArgs(args), {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    input,
    stdio: ['pipe', 'pipe', 'pipe'],
  }).toString();
}

/** The same, without blocking this process (needed when a server it talks to runs in this process). */
export async function adminCliAsync(args: readonly string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, adminArgs(args), { cwd: projectRoot, env: { ...process.env, ...env } });
  return stdout;
}

/** Adds a moderator with the admin CLI, as an operator runs it, on a server's data directory. */
export function addModeratorWithCli(dataDir: string, name: string, password: string): void {
  adminCli(['moderator', 'add', name, '--admin', '--password-stdin'], { DATA_DIR: dataDir }, password);
}
