/**
 * Entry to the interactive REPL, imported lazily by cli.ts. It settles the
 * colour question before Ink (and its colour library) loads: with NO_COLOR
 * set, Ink starts with styling off, which also covers every tool's UI.tsx.
 */
import type { SessionOptions } from '../app/createSession.js';
import { locateSavedConversation, type SessionChoiceFlags } from '../app/startConversation.js';
import { UserFacingError } from '../utils/errors.js';
import { isNoColorRequested } from './kit/theme.js';

export type ReplLaunchOptions = {
  /** Everything createSession needs except what the REPL decides (interactive, trusted). */
  readonly session: Omit<SessionOptions, 'isInteractive' | 'isTrusted'>;
  /** New, --continue, --resume [id], --fork-session, --session-id. */
  readonly choice: SessionChoiceFlags;
  /** False with --no-session-persistence. */
  readonly persist: boolean;
  /** `agentcli "prompt"`: sent as soon as the REPL is up. */
  readonly initialPrompt?: string;
  readonly verbose?: boolean;
  /** `--mcp-config` values and `--strict-mcp-config`; servers start once the folder's trust is settled. */
  readonly mcp?: { readonly cliConfigs?: readonly string[]; readonly strict?: boolean };
};

/** Runs the REPL until the user leaves; returns the exit code. */
export async function startRepl(options: ReplLaunchOptions): Promise<number> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    throw new UserFacingError('the interactive REPL needs a terminal; for scripts and pipes run headless with -p "<prompt>".');
  }
  if (isNoColorRequested() && process.env.FORCE_COLOR === undefined) process.env.FORCE_COLOR = '0';
  // A resumed transcript (tens of MB for a long session) is read while Ink loads.
  const { choice } = options;
  const located = choice.kind === 'continue' || choice.kind === 'resume' ? locateSavedConversation(choice, options.session.env ?? process.env, options.session.cwd) : undefined;
  const { launchRepl } = await importUiRuntime(() => import('./launchRepl.js'));
  return launchRepl(options, located);
}

/**
 * Ink reads CI/CONTINUOUS_INTEGRATION once, when it loads, and then stops
 * painting its live area. They are hidden for the load only and put back at
 * once, so the commands tools run still see the user's environment. (React's
 * production build is chosen at bundle time: scripts/build.mjs defines
 * process.env.NODE_ENV.)
 */
async function importUiRuntime<T>(load: () => Promise<T>): Promise<T> {
  const saved = { CI: process.env.CI, CONTINUOUS_INTEGRATION: process.env.CONTINUOUS_INTEGRATION };
  delete process.env.CI;
  delete process.env.CONTINUOUS_INTEGRATION;
  try {
    return await load();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
