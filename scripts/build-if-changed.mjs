/**
 * `npm start`'s build step: builds the web app and the server only when what they are built from
 * changed since their last build (scripts/build-stamp.mjs), so a restart with nothing changed
 * starts at once. `node scripts/build-if-changed.mjs [--check]`: with --check, only says which
 * build is stale (exit 1 if any).
 */
import { builds, buildIfStale, staleness } from './build-stamp.mjs';

const check = process.argv.includes('--check');
let stale = 0;
for (const build of Object.values(builds)) {
  if (check) {
    const reason = staleness(build);
    if (reason !== undefined) stale += 1;
    console.log(`${build.what}: ${reason === undefined ? 'up to date' : `stale, ${reason}`}`);
  } else if (!buildIfStale(build, { log: (line) => console.error(line) })) {
    console.error(`${build.what}: up to date, not rebuilt`);
  }
}
process.exitCode = stale > 0 ? 1 : 0;
