/**
 * "Yes, and don't ask again" for a Bash command: the narrowest prefix rule
 * that is still useful — `Bash(git push:*)` for `git push origin main`,
 * `Bash(npm run test:*)` for `npm run test -- --watch` — rather than the
 * literal command, which would ask again as soon as an argument changes.
 *
 * A prefix is offered only where a subcommand structure is known (the table
 * below) and never reaches past one subcommand (`npm run <script>` and
 * `docker compose <verb>` count the script and the verb as the subcommand).
 * A program without a table (`rm foo`), an option before the subcommand
 * (`git -c x=y push`), a word that is not plain, an elevated command
 * (`sudo …`) or a command the analyser does not claim to understand keeps
 * the exact-command rule: a prefix there could allow what nobody looked at.
 */
import type { AnalyzedSimpleCommand } from '../shell/analyzeShellCommand.js';

type SubcommandShape = {
  /** Subcommands whose own first operand names what runs (`npm run test`, `git stash drop`). */
  readonly nested?: ReadonlySet<string>;
};

const set = (...words: string[]): ReadonlySet<string> => new Set(words);
const PACKAGE_RUNNER: SubcommandShape = { nested: set('run', 'run-script', 'exec') };

/** Programs whose first operand is a subcommand. */
const SUBCOMMAND_PROGRAMS: ReadonlyMap<string, SubcommandShape> = new Map<string, SubcommandShape>([
  ['git', { nested: set('stash', 'remote', 'submodule', 'worktree', 'notes', 'bisect', 'reflog', 'lfs', 'sparse-checkout') }],
  ['npm', PACKAGE_RUNNER],
  ['pnpm', PACKAGE_RUNNER],
  ['yarn', PACKAGE_RUNNER],
  ['bun', PACKAGE_RUNNER],
  ['make', {}],
  ['cargo', {}],
  ['go', { nested: set('mod') }],
  ['docker', { nested: set('compose', 'container', 'image', 'volume', 'network') }],
  ['kubectl', {}],
  ['gh', { nested: set('pr', 'issue', 'repo', 'run', 'release', 'workflow') }],
  ['pip', {}],
  ['pip3', {}],
  ['uv', { nested: set('pip') }],
  ['poetry', {}],
  ['dotnet', {}],
  ['mvn', {}],
  ['gradle', {}],
  ['terraform', {}],
]);

/** A word a prefix may hold: written as is, no quoting, no glob, no option. */
const PLAIN_WORD = /^[A-Za-z0-9][A-Za-z0-9_.@+:-]*$/;

/**
 * The prefix rule for one understood simple command, or undefined when only
 * the exact command may be offered. `canonical` is the form allow rules see
 * (bashSpellings.ts); the prefix is checked against it so the rule offered
 * is one that matches the call.
 */
export function narrowestPrefixRule(analyzed: AnalyzedSimpleCommand, canonical: string, options: { readonly understood: boolean }): string | undefined {
  const { command, effects } = analyzed;
  if (!options.understood || !effects.known || command.hasHiddenArguments) return undefined;
  if (command.wrappers.some((wrapper) => wrapper.elevates)) return undefined;
  const words = effects.matchArgv.map((word) => (word.kind === 'static' && !word.isGlob ? word.text : undefined));
  const program = words[0];
  if (program === undefined) return undefined;
  const shape = SUBCOMMAND_PROGRAMS.get(program);
  const subcommand = words[1];
  if (!shape || subcommand === undefined || !PLAIN_WORD.test(subcommand)) return undefined;
  const head = [program, subcommand];
  if (shape.nested?.has(subcommand)) {
    const named = words[2];
    // `git stash` alone must not become `git stash:*` (that would allow `git stash drop`).
    if (named === undefined || !PLAIN_WORD.test(named)) return undefined;
    head.push(named);
  }
  const prefix = head.join(' ');
  if (canonical !== prefix && !canonical.startsWith(`${prefix} `)) return undefined;
  return `Bash(${prefix}:*)`;
}
