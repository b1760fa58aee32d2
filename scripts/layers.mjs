/**
 * The layers of src/, lowest first (ARCHITECTURE §2). A module may import
 * its own layer and the layers below it; an import that runs upward is
 * allowed only when it is type-only and lands in the contract.
 *
 * Paths are matched first-wins, so a sub-folder listed early (the pure shell
 * analyser, the rule language, the presentational kit) sits lower than its
 * parent folder.
 */
export const LAYERS = [
  { name: 'types', paths: [/^src\/types\//, /^src\/version\.ts$/], why: 'pure data vocabulary (messages, questions)' },
  { name: 'utils', paths: [/^src\/utils\//], why: 'helpers that know nothing of agentcli' },
  { name: 'analysis', paths: [/^src\/permissions\/shell\//], why: 'the shell analyser: command text in, analysis out; a pure library' },
  { name: 'contract', paths: [/^src\/contract\//, /^src\/Tool\.ts$/], why: 'the tool contract and the UI data, launcher and MCP types it exposes' },
  { name: 'base', paths: [/^src\/settings\//, /^src\/state\//], why: 'settings files and config paths; per-session state stores' },
  { name: 'kit', paths: [/^src\/ui\/kit\//], why: 'presentational Ink components any renderer may use (theme, diff)' },
  // The rule language sits below the sandbox, like the shell analyser below the contract: the sandbox
  // enforces deny and ask rules in the OS (masks, read-only mounts, allowed domains) and so must read
  // compiled rules, while the rule language itself imports only the contract's words and the analyser.
  {
    name: 'rules',
    paths: [/^src\/permissions\/rules\//],
    why: 'the permission rule language: parse, compile and match rules (paths, commands, domains); pure',
  },
  { name: 'sandbox', paths: [/^src\/sandbox\//], why: 'the OS boundary: enforces a policy it is given' },
  { name: 'permissions', paths: [/^src\/permissions\//], why: 'PermissionState, rules, decisions' },
  {
    name: 'services',
    paths: [
      /^src\/services\/(api|mcp)\//,
      /^src\/(context|hooks|tasks|history|plugins|skills|outputStyles|attachments|structuredOutput)\//,
      /^src\/commands\/custom\//,
    ],
    why: 'model client, MCP clients, memory, hooks, loaders of commands/skills/plugins',
  },
  { name: 'tools', paths: [/^src\/tools\//, /^src\/tools\.ts$/, /^src\/services\/toolSearch\//], why: 'the tools, each behind the contract' },
  { name: 'engine', paths: [/^src\/services\/tools\//, /^src\/query\//, /^src\/query\.ts$/, /^src\/session\//], why: 'pipeline, executor, loop, the conversation' },
  { name: 'agents', paths: [/^src\/agents\//], why: 'subagents: run child conversations' },
  { name: 'commands', paths: [/^src\/commands\//], why: 'built-in slash commands acting on a session' },
  { name: 'app', paths: [/^src\/app\//], why: 'the composition root and the one input interpreter' },
  {
    name: 'frontends',
    paths: [/^src\/ui\//, /^src\/entrypoints\//],
    why: 'REPL, headless, SDK, ACP, and the subcommands (permissions, mcp, mcp serve): adapters',
  },
  { name: 'cli', paths: [/^src\/cli\.ts$/], why: 'flags to a session config; picks a front end' },
];

/**
 * Downward imports that are still forbidden: the engine works through the
 * contract and never names a tool or a subagent (the composition root wires
 * them and injects the launcher).
 */
export const FORBIDDEN = [
  {
    name: 'engine-knows-no-tools',
    from: /^src\/(services\/tools|query|session)\/|^src\/query\.ts$/,
    to: /^src\/tools\/|^src\/tools\.ts$|^src\/agents\/|^src\/services\/toolSearch\//,
    why: 'the engine runs tools through the contract; app/ wires concrete tools and the subagent launcher',
  },
  {
    name: 'business-logic-imports-no-ink',
    from: /^src\/(?!ui\/|tools\/[^/]+\/UI\.tsx$|contract\/toolRenderers\.ts$|entrypoints\/)/,
    to: /^(ink|ink-[a-z-]+)$/,
    runtimeOnly: true,
    why: 'business logic never imports Ink (render functions live in UI.tsx files and src/ui/)',
  },
];

export function layerOf(file) {
  for (let index = 0; index < LAYERS.length; index++) {
    if (LAYERS[index].paths.some((pattern) => pattern.test(file))) return index;
  }
  return -1;
}
