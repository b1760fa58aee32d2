/**
 * The `sandbox` section of settings.json files:
 *
 *   "sandbox": {
 *     "enabled": true,              // default: on in bypassPermissions when bwrap works, off otherwise
 *     "network": false,             // true: Bash commands keep the network;
 *                                   // {"allowedDomains": ["registry.npmjs.org", "*.github.com"]}: only those
 *                                   // hosts, through agentcli's filtering proxy (WebFetch obeys the same list)
 *     "writablePaths": ["~/.npm"],  // writable besides the working directories (~/ = home, relative = project root)
 *     "failIfUnavailable": false    // true: refuse to start when the sandbox is wanted but cannot run
 *   }
 *
 * Sources merge like the permission settings: for each key the nearest file
 * that sets it wins (.claude/settings.local.json, .claude/settings.json,
 * then the user's settings.json); writablePaths are the union of all.
 * Repository files are content someone else wrote, so they may tighten but
 * never loosen by themselves: a repository cannot turn the sandbox off, and
 * its `network: true`, `writablePaths` and `failIfUnavailable: false` count
 * only once the folder is trusted.
 */
import path from 'node:path';
import type { RuleFileError } from '../permissions/rules/ruleSet.js';

export type SandboxSettingsFragment = {
  readonly enabled?: boolean;
  readonly network?: boolean;
  readonly allowedDomains?: readonly string[];
  readonly writablePaths?: readonly string[];
  readonly failIfUnavailable?: boolean;
};

export type SourcedSandboxSettings = {
  readonly file: string;
  readonly fromRepository: boolean;
  readonly settings: SandboxSettingsFragment;
};

/** What the session runs with, after merging every source and the --sandbox flag. */
export type SandboxSettings = {
  /** undefined: the default (on in bypassPermissions when available). */
  readonly enabled: boolean | undefined;
  /** Commands that claim the network get it (through the filtering proxy when allowedDomains is set). */
  readonly network: boolean;
  /** Non-empty: the only hosts Bash commands and WebFetch may reach (`*.example.com` covers subdomains). */
  readonly allowedDomains?: readonly string[];
  /**
   * A settings file said `network: false` (rather than leaving the default): MCP servers, which keep the
   * network by default since most need it, lose it too. Absent: false.
   */
  readonly networkRestricted?: boolean;
  /** Absolute. */
  readonly writablePaths: readonly string[];
  readonly failIfUnavailable: boolean;
};

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const BOOLEAN_KEYS = ['enabled', 'failIfUnavailable'] as const;

/** Reads `sandbox` out of one settings file's text; errors name the file and line. JSON errors are the rule parser's to report. */
export function parseSandboxSettings(text: string, file: string): { settings: SandboxSettingsFragment; errors: RuleFileError[] } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { settings: {}, errors: [] };
  }
  if (!isRecord(data) || data['sandbox'] === undefined) return { settings: {}, errors: [] };
  const section = data['sandbox'];
  const lineOf = (key: string): number => lineAt(text, text.indexOf(`"${key}"`));
  if (!isRecord(section)) return { settings: {}, errors: [{ file, line: lineOf('sandbox'), message: '"sandbox" must be an object' }] };
  const errors: RuleFileError[] = [];
  const settings: Mutable<SandboxSettingsFragment> = {};
  for (const key of BOOLEAN_KEYS) {
    const value = section[key];
    if (value === undefined) continue;
    if (typeof value === 'boolean') settings[key] = value;
    else errors.push({ file, line: lineOf(key), message: `"sandbox.${key}" must be true or false, got ${JSON.stringify(value)}` });
  }
  const network = section['network'];
  if (typeof network === 'boolean') settings.network = network;
  else if (isRecord(network)) {
    const domains = network['allowedDomains'];
    if (Array.isArray(domains) && domains.every((entry): entry is string => typeof entry === 'string' && /^(\*\.)?[a-z0-9.-]+$/i.test(entry.trim()))) {
      settings.allowedDomains = domains.map((entry) => entry.trim().toLowerCase());
      settings.network = settings.allowedDomains.length > 0;
    } else errors.push({ file, line: lineOf('allowedDomains'), message: '"sandbox.network.allowedDomains" must be an array of host names (example.com, *.example.com)' });
    for (const key of Object.keys(network)) {
      if (key !== 'allowedDomains' && !key.startsWith('//')) errors.push({ file, line: lineOf(key), message: `unknown setting "sandbox.network.${key}" (known: allowedDomains)` });
    }
  } else if (network !== undefined) errors.push({ file, line: lineOf('network'), message: `"sandbox.network" must be true, false or {"allowedDomains": [...]}, got ${JSON.stringify(network)}` });
  const writable = section['writablePaths'];
  if (writable !== undefined) {
    if (Array.isArray(writable) && writable.every((entry): entry is string => typeof entry === 'string' && entry.trim() !== '')) settings.writablePaths = writable;
    else errors.push({ file, line: lineOf('writablePaths'), message: '"sandbox.writablePaths" must be an array of paths' });
  }
  const known = new Set<string>([...BOOLEAN_KEYS, 'network', 'writablePaths']);
  for (const key of Object.keys(section)) {
    // Keys starting with // are notes (JSON has no comments).
    if (!known.has(key) && !key.startsWith('//')) errors.push({ file, line: lineOf(key), message: `unknown setting "sandbox.${key}" (known: ${[...known].join(', ')})` });
  }
  return { settings, errors };
}

export type MergeOptions = {
  /** Nearest first: local, project, user. */
  readonly sources: readonly SourcedSandboxSettings[];
  /** `--sandbox` on the command line (true); false turns it off whatever the settings say (embedders, tests). */
  readonly override: boolean | undefined;
  readonly trusted: boolean;
  readonly projectRoot: string;
  readonly home: string;
};

export function mergeSandboxSettings(options: MergeOptions): SandboxSettings {
  const usable = (source: SourcedSandboxSettings): SandboxSettingsFragment => {
    if (!source.fromRepository) return source.settings;
    const { enabled, network, writablePaths, failIfUnavailable, allowedDomains } = source.settings;
    const tightening: Mutable<SandboxSettingsFragment> = {};
    // A repository may turn the sandbox on, never off; everything else widens only once trusted.
    if (enabled === true) tightening.enabled = true;
    if (failIfUnavailable === true || (options.trusted && failIfUnavailable !== undefined)) tightening.failIfUnavailable = failIfUnavailable;
    if (network === false || (options.trusted && network !== undefined)) tightening.network = network;
    if (options.trusted && allowedDomains) tightening.allowedDomains = allowedDomains;
    if (options.trusted && writablePaths) tightening.writablePaths = writablePaths;
    return tightening;
  };
  const fragments = options.sources.map(usable);
  const nearest = <K extends keyof SandboxSettingsFragment>(key: K): SandboxSettingsFragment[K] => fragments.find((fragment) => fragment[key] !== undefined)?.[key];
  const writablePaths = fragments.flatMap((fragment) => fragment.writablePaths ?? []).map((entry) => resolveSettingPath(entry, options.projectRoot, options.home));
  const network = nearest('network') ?? false;
  // The list comes with the network setting that carried it: a nearer `network: true` means everything.
  const networkSource = fragments.find((fragment) => fragment.network !== undefined);
  const allowedDomains = network ? networkSource?.allowedDomains : undefined;
  return {
    enabled: options.override ?? nearest('enabled'),
    network,
    ...(allowedDomains && allowedDomains.length > 0 ? { allowedDomains } : {}),
    networkRestricted: nearest('network') === false,
    writablePaths: [...new Set(writablePaths)],
    failIfUnavailable: nearest('failIfUnavailable') ?? false,
  };
}

function resolveSettingPath(entry: string, projectRoot: string, home: string): string {
  const trimmed = entry.trim();
  if (trimmed === '~') return home;
  if (trimmed.startsWith('~/')) return path.join(home, trimmed.slice(2));
  return path.resolve(projectRoot, trimmed);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function lineAt(text: string, offset: number): number {
  return text.slice(0, Math.max(0, offset)).split('\n').length;
}
