/**
 * The environment a shell command runs with: the agent's own, minus every
 * variable that makes a program run code nobody wrote in the command.
 *
 * Why: the permission analysis decides what `git log` or `ls` does by
 * reading the command. If BASH_ENV names a script, GIT_CONFIG_* sets
 * `core.pager`, LD_PRELOAD injects a library or NODE_OPTIONS adds
 * `--require`, that command runs extra code the analysis never saw. Such
 * variables can come from a repository (direnv, a sourced .env), so they are
 * removed, and the hooks programs fall back to are pinned to harmless ones.
 */

/** Removed wherever they appear. */
const EXEC_CAPABLE_NAMES = new Set([
  // Shell start-up files and prompt hooks.
  'BASH_ENV',
  'ENV',
  'ZDOTDIR',
  'PROMPT_COMMAND',
  'PS0',
  'PS4',
  'SHELLOPTS',
  'BASHOPTS',
  'CDPATH',
  'IFS',
  'GLOBIGNORE',
  // Language runtimes that load code from the environment.
  'NODE_OPTIONS',
  'PERL5OPT',
  'PERL5DB',
  'RUBYOPT',
  'PYTHONSTARTUP',
  'PYTHONINSPECT',
  'JAVA_TOOL_OPTIONS',
  '_JAVA_OPTIONS',
  // Pagers, editors and helpers that programs exec on their own.
  'PAGER',
  'GIT_PAGER',
  'MANPAGER',
  'SYSTEMD_PAGER',
  'LESSOPEN',
  'LESSCLOSE',
  'EDITOR',
  'VISUAL',
  'GIT_EDITOR',
  'GIT_SEQUENCE_EDITOR',
  'GIT_EXTERNAL_DIFF',
  'GIT_ASKPASS',
  'SSH_ASKPASS',
  'GIT_SSH',
  'GIT_SSH_COMMAND',
  'GIT_PROXY_COMMAND',
  'GIT_EXEC_PATH',
  'GIT_TEMPLATE_DIR',
]);

/** Removed when the name starts with one of these. */
const EXEC_CAPABLE_PREFIXES = [
  // GIT_CONFIG_COUNT / _KEY_n / _VALUE_n / _PARAMETERS / _GLOBAL / _SYSTEM inject any config, e.g. core.pager.
  'GIT_CONFIG',
  // Exported bash functions (`BASH_FUNC_git%%`) shadow real commands.
  'BASH_FUNC_',
  // Dynamic loader injection on Linux and macOS.
  'LD_',
  'DYLD_',
];

/** Set on every command: programs that would start a pager or editor get one that does nothing harmful. */
const PINNED_VALUES: Readonly<Record<string, string>> = {
  PAGER: 'cat',
  GIT_PAGER: 'cat',
  // `git commit` without -m then fails fast instead of waiting for an editor nobody sees.
  GIT_EDITOR: 'true',
  // Never wait for credentials on a terminal the command does not have.
  GIT_TERMINAL_PROMPT: '0',
  // Lets scripts tell they run under the agent.
  AGENTCLI: '1',
};

export function isExecCapableVariable(name: string): boolean {
  const upper = name.toUpperCase();
  return EXEC_CAPABLE_NAMES.has(upper) || EXEC_CAPABLE_PREFIXES.some((prefix) => upper.startsWith(prefix));
}

export function childEnvironment(base: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) {
    if (value === undefined || isExecCapableVariable(name)) continue;
    env[name] = value;
  }
  return { ...env, ...PINNED_VALUES };
}
