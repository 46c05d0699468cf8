/** Types of build-stamp.mjs, for the TypeScript that imports it (test/helpers/build-for-e2e.ts, its test). */
export interface Build {
  what: string;
  /** Files and folders from the project root; a change in any makes the build stale. */
  inputs: string[];
  /** Whether the build reads the VITE_* settings (built into the web app's code). */
  readsViteEnv: boolean;
  /** A file every build writes anew. */
  output: string;
  /** Where the build's inputs hash and output time are recorded. */
  stamp: string;
  viteArgs: string[];
}

export const projectRoot: string;
export const builds: { client: Build; server: Build };
export function inputsHash(build: Build, root?: string, env?: NodeJS.ProcessEnv): string;
export function staleness(build: Build, root?: string, env?: NodeJS.ProcessEnv): string | undefined;
export function buildIfStale(
  build: Build,
  options?: { root?: string; env?: NodeJS.ProcessEnv; log?: (line: string) => void; run?: (build: Build, root: string, env: NodeJS.ProcessEnv) => void },
): boolean;
