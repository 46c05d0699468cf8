/**
 * A moderator's bodies on the command line: `--body ID` on `moderator add`, `moderator bodies`
 * to change them, and how `moderator list` shows them. A moderator with no bodies is an
 * administrator and sees every request.
 */
import { normalizeModeratorName } from '../../moderation/moderator-names';
import type { Store } from '../../storage';
import { withStore, type StoreOptions } from '../admin-store';
import type { CommandIo, Env } from '../io';

/** Arguments less every `--body ID`, and the ids given; `problem` when a `--body` has no id. */
export function takeBodyOptions(args: readonly string[]): { rest: string[]; bodyIds: string[]; problem?: string } {
  const rest: string[] = [];
  const bodyIds: string[] = [];
  for (let at = 0; at < args.length; at += 1) {
    if (args[at] !== '--body') {
      rest.push(args[at]!);
      continue;
    }
    const id = args[at + 1];
    if (id === undefined || id.startsWith('--')) return { rest, bodyIds, problem: '--body takes the id of a body, e.g. --body espoo.' };
    bodyIds.push(id);
    at += 1;
  }
  return { rest, bodyIds };
}

/** The ids that name no stored body, in the order given. */
async function unknownBodies(store: Store, bodyIds: readonly string[]): Promise<string[]> {
  const unknown: string[] = [];
  for (const id of bodyIds) if (!(await store.bodies.find(id))) unknown.push(id);
  return unknown;
}

/** Says which ids name no body and where to see the ids that do; true when all are known. */
export async function checkBodies(io: CommandIo, store: Store, bodyIds: readonly string[]): Promise<boolean> {
  const unknown = await unknownBodies(store, bodyIds);
  if (unknown.length === 0) return true;
  const named = unknown.map((id) => `"${id}"`).join(', ');
  io.err(`Refused: no body has the id ${named}. See the ids with: npm run admin -- bodies list`);
  return false;
}

/** How `moderator list` and the commands name a moderator's scope. */
export const describeBodies = (bodyIds: readonly string[]) => (bodyIds.length === 0 ? 'administrator' : bodyIds.join(', '));

/** `moderator bodies NAME ID…` or `moderator bodies NAME --admin`; the arguments after `bodies`. */
export async function setBodiesCommand(
  args: readonly string[],
  io: CommandIo,
  env: Env,
  usageError: (problem: string) => number,
  options: StoreOptions = {},
): Promise<number> {
  const admin = args.includes('--admin');
  const [rawName, ...bodyIds] = args.filter((arg) => arg !== '--admin');
  const unknownFlag = bodyIds.find((arg) => arg.startsWith('--'));
  if (unknownFlag) return usageError(`Unknown option ${unknownFlag}.`);
  if (rawName === undefined || rawName.startsWith('--')) return usageError('moderator bodies takes a NAME, then body ids or --admin.');
  if (admin === (bodyIds.length > 0)) {
    return usageError('moderator bodies takes either body ids (the moderator sees only their requests) or --admin (sees all), not both or neither.');
  }
  const name = normalizeModeratorName(rawName);
  return withStore(env, io, async (store) => {
    if (!(await checkBodies(io, store, bodyIds))) return 1;
    if (!(await store.moderation.setModeratorBodies(name, bodyIds))) {
      io.err(`No moderator is named "${name}". See: npm run admin -- moderator list`);
      return 1;
    }
    const now = (await store.moderation.findModerator(name))?.bodies ?? [];
    io.out(now.length === 0 ? `"${name}" is now an administrator and sees every request.` : `"${name}" now sees the requests of: ${describeBodies(now)}.`);
    return 0;
  }, options);
}
