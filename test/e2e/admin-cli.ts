import { execFileSync } from 'node:child_process';
import { projectRoot } from '../helpers/project-root';

/** Adds a moderator with the admin CLI, as an operator runs it, on a server's data directory. */
export function addModeratorWithCli(dataDir: string, name: string, password: string): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'src/server/admin/cli.ts', 'moderator', 'add', name, '--password-stdin'], {
    cwd: projectRoot,
    env: { ...process.env, DATA_DIR: dataDir },
    input: password,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}
