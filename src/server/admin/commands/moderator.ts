import { moderatorNameProblem, normalizeModeratorName } from '../../moderation/moderator-names';
import { generatePassword, hashPassword, passwordProblem } from '../../moderation/passwords';
import type { ModerationRepository, ModeratorRecord } from '../../storage/repositories/types';
import { withStore, type StoreOptions } from '../admin-store';
import { isHelp, printTable, usageError as usageOf, type CommandIo, type Env } from '../io';
import { checkBodies, describeBodies, setBodiesCommand, takeBodyOptions } from './moderator-bodies';

export const moderatorUsage = `Usage: npm run admin -- moderator <command>

  moderator add NAME --body ID... | --admin [--password-stdin]
                                              create a moderator; without --password-stdin a strong
                                              password is generated and printed once, alone on the
                                              last line. With --body (once per body) they see and act
                                              only on those bodies' requests; with --admin they are
                                              an administrator of every body and see every request.
                                              One of the two is required
  moderator bodies NAME ID... | --admin       change the bodies a moderator works for, or make them
                                              an administrator (--admin); applies to their open
                                              sessions at once
  moderator password NAME [--password-stdin]  set a new password (generated unless read from stdin);
                                              ends the moderator's sessions
  moderator disable NAME                      stop a moderator signing in; ends their sessions
  moderator enable NAME                       let a disabled moderator sign in again
  moderator list                              names, bodies (or "administrator"), created and
                                              disabled times; never passwords

With --password-stdin the password is the whole of standard input, less one final line break,
e.g. printf '%s' "$PASSWORD" | npm run admin -- moderator add maija --password-stdin`;

/** Reads all of standard input; tests pass their own. */
export type ReadStdin = () => Promise<string>;

const readProcessStdin: ReadStdin = async () => {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** `moderator` group of the admin CLI. Exit codes: 0 done, 1 refused or failed, 2 bad usage. */
export async function moderatorCommand(
  args: readonly string[],
  io: CommandIo,
  env: Env = process.env,
  readStdin: ReadStdin = readProcessStdin,
  options: StoreOptions = {},
): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'bodies') {
    return setBodiesCommand(rest, io, env, (problem) => usageError(io, problem), options);
  }
  const bodyOptions = takeBodyOptions(rest);
  if (bodyOptions.problem) return usageError(io, bodyOptions.problem);
  const { bodyIds } = bodyOptions;
  if (bodyIds.length > 0 && command !== 'add') return usageError(io, `--body belongs to moderator add; to change a moderator's bodies: moderator bodies NAME ID...`);
  const fromStdin = bodyOptions.rest.includes('--password-stdin');
  const admin = bodyOptions.rest.includes('--admin');
  if (admin && command !== 'add') return usageError(io, `--admin belongs to moderator add; to make a moderator an administrator: moderator bodies NAME --admin`);
  // Every body's requests is a lot to give by leaving an option out, so it is asked for by name.
  if (command === 'add' && admin === (bodyIds.length > 0)) {
    return usageError(io, 'moderator add takes --body ID (once per body whose requests the moderator sees) or --admin (an administrator of every body, who sees every request), not both or neither.');
  }
  const positional = bodyOptions.rest.filter((arg) => arg !== '--password-stdin' && arg !== '--admin');
  const unknownFlag = positional.find((arg) => arg.startsWith('--'));
  if (unknownFlag) return usageError(io, `Unknown option ${unknownFlag}.`);

  const withRepository = (run: (repository: ModerationRepository) => Promise<number>) =>
    withStore(env, io, (store) => run(store.moderation), options);

  switch (command) {
    case 'add':
    case 'password': {
      if (positional.length !== 1) return usageError(io, `moderator ${command} takes one NAME.`);
      const name = normalizeModeratorName(positional[0]!);
      const nameProblem = moderatorNameProblem(name);
      if (nameProblem) return usageError(io, `Invalid name: ${nameProblem}.`);
      // The store first: a refused DATA_DIR is said before a password is read or made.
      return withStore(env, io, async (store) => {
        const password = fromStdin ? passwordFromStdin(await readStdin()) : generatePassword();
        const problem = passwordProblem(password);
        if (problem) {
          io.err(`Refused: ${problem}.`);
          return 1;
        }
        const hash = await hashPassword(password);
        const repository = store.moderation;
        if (command === 'add') {
          if (!(await checkBodies(io, store, bodyIds))) return 1;
          const created = await repository.createModerator(name, hash, Date.now(), bodyIds);
          if (!created) {
            io.err(`A moderator named "${name}" already exists. To change their password: npm run admin -- moderator password ${name}`);
            return 1;
          }
          io.out(created.bodies.length === 0 ? `Created moderator "${name}", an administrator of every body, who sees every request.` : `Created moderator "${name}", who sees the requests of: ${describeBodies(created.bodies)}.`);
        } else {
          if (!(await repository.setPassword(name, hash))) return noSuchModerator(io, name);
          io.out(`Changed the password of "${name}" and ended their sessions.`);
        }
        if (!fromStdin) {
          io.out('The password is shown only once; give it to the moderator now:');
          io.out(password);
        }
        return 0;
      }, options);
    }
    case 'disable':
    case 'enable': {
      if (positional.length !== 1) return usageError(io, `moderator ${command} takes one NAME.`);
      const name = normalizeModeratorName(positional[0]!);
      return withRepository(async (repository) => {
        if (!(await repository.setDisabled(name, command === 'disable' ? Date.now() : null))) return noSuchModerator(io, name);
        io.out(command === 'disable' ? `Disabled "${name}" and ended their sessions.` : `Enabled "${name}".`);
        return 0;
      });
    }
    case 'list':
      if (positional.length !== 0) return usageError(io, 'moderator list takes no arguments.');
      return withRepository(async (repository) => list(io, await repository.listModerators()));
    default:
      return isHelp(command) ? usageError(io) : usageError(io, `Unknown moderator command "${command}".`);
  }
}

/** The whole input less one final line break: `echo` adds one, `printf '%s'` does not. */
function passwordFromStdin(input: string): string {
  return input.replace(/\r?\n$/, '');
}

function list(io: CommandIo, moderators: ModeratorRecord[]): number {
  if (moderators.length === 0) {
    io.out('No moderators. Add one with: npm run admin -- moderator add NAME');
    return 0;
  }
  printTable(io, [
    ['NAME', 'BODIES', 'CREATED', 'DISABLED'],
    ...moderators.map((moderator) => [
      moderator.name,
      describeBodies(moderator.bodies),
      new Date(moderator.created_at).toISOString(),
      moderator.disabled_at === null ? '-' : new Date(moderator.disabled_at).toISOString(),
    ]),
  ]);
  return 0;
}

function noSuchModerator(io: CommandIo, name: string): number {
  io.err(`No moderator is named "${name}". See: npm run admin -- moderator list`);
  return 1;
}

const usageError = (io: CommandIo, problem?: string) => usageOf(io, moderatorUsage, problem);
