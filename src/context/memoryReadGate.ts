/**
 * Whether a file's content may reach the model as memory — a CLAUDE.md, a
 * subfolder's CLAUDE.md sent as a reminder, or an `@path` import — without
 * any tool call. It is the Read tool's decision (the same engine, the same
 * rule matching, `..` and symlinks resolved first, so a link to `.env`
 * meets `Read(./.env)`), plus an area the importing file may reach:
 *
 *   the user's own memory ($AGENTCLI_CONFIG_DIR/CLAUDE.md)  working directories, the repository, home, the config folder
 *   a repository's memory (CLAUDE.md, CLAUDE.local.md, …)   working directories and the repository only
 *
 * A repository is content someone else wrote: its CLAUDE.md must not be able
 * to pull `~/.ssh/id_ed25519` into every request, whatever the mode or the
 * allow rules. Nobody can be asked while memory loads, so a Read that would
 * ask because of a rule (or a safety check) refuses; a Read that would ask
 * only because the mode asks outside the working directories is left to the
 * area.
 */
import path from 'node:path';
import { decidePermission } from '../permissions/engine/decidePermission.js';
import type { PermissionVerdict, ToolCallSubject } from '../permissions/engine/decisionTypes.js';
import { createPathResolver, isInsideWorkingDirectories, type PathResolver } from '../permissions/engine/resolvePaths.js';
import type { PermissionRuleSet } from '../permissions/rules/ruleSet.js';
import type { PermissionMode } from '../contract/permissions.js';
import type { MemoryScope } from './memoryFiles.js';

/** The memory file whose content (or whose import) is being decided. */
export type MemoryReader = { readonly file: string; readonly scope: MemoryScope };

export type MemoryReadVerdict = { readonly allowed: true } | { readonly allowed: false; readonly reason: string };

export type MemoryReadGate = {
  /** May this memory file's own content be sent? */
  maySend(reader: MemoryReader): Promise<MemoryReadVerdict>;
  /** May `target` (absolute) be imported by `reader`? */
  mayImport(target: string, reader: MemoryReader): Promise<MemoryReadVerdict>;
};

/** What the decision depends on: the session's permission state now, and where the project and the user's files are. */
export type MemoryGateEnvironment = {
  readonly mode: PermissionMode;
  readonly ruleSet: PermissionRuleSet;
  /** The cwd first, then the other working directories. */
  readonly workingDirectories: readonly string[];
  readonly projectRoot: string;
  readonly configDir: string;
  readonly home: string;
};

/** The full decision, for the gate and for `agentcli permissions check "@path"`. */
export type MemoryReadDecision = MemoryReadVerdict & {
  /** The Read tool's verdict for the same file. */
  readonly read: PermissionVerdict;
  /** The folders the reader may reach. */
  readonly area: readonly string[];
};

/** A gate that reads the permission state afresh for every decision (a mode change or a rule reload counts at once). */
export function createMemoryReadGate(environment: () => MemoryGateEnvironment): MemoryReadGate {
  return {
    maySend: async (reader) => decideMemoryRead({ target: reader.file, reader }, environment()),
    mayImport: async (target, reader) => decideMemoryRead({ target, reader }, environment()),
  };
}

/** The Read tool's view of reading one file: the family's rule word and its declaration. */
export function readSubject(target: string): ToolCallSubject {
  return { toolName: 'Read', family: 'read', isReadOnly: true, paths: [{ path: target, access: 'read' }] };
}

export async function decideMemoryRead(
  request: { readonly target: string; readonly reader: MemoryReader },
  environment: MemoryGateEnvironment,
  paths: PathResolver = createPathResolver(),
): Promise<MemoryReadDecision> {
  const target = path.resolve(request.target);
  const area = readableArea(request.reader, environment);
  const read = await decidePermission(readSubject(target), {
    mode: environment.mode,
    ruleSet: environment.ruleSet,
    cwd: path.dirname(target),
    workingDirectories: environment.workingDirectories,
    home: environment.home,
    paths,
  });
  const refuse = (reason: string): MemoryReadDecision => ({ allowed: false, reason, read, area });
  const explanation = read.explanation;
  if (read.behavior === 'deny') return refuse(explanation.kind === 'rule' ? `denied by ${explanation.rule}` : read.message);
  if (read.behavior === 'ask' && explanation.kind === 'rule') return refuse(`${explanation.rule} asks before reading it, and nobody is asked while memory loads`);
  if (read.behavior === 'ask' && explanation.kind === 'safety') return refuse(explanation.detail);
  const resolved = paths.resolve(target);
  if (!isInsideWorkingDirectories(resolved, area.map((dir) => paths.resolve(dir)))) {
    const where = request.reader.scope === 'user' ? 'the working directories or your home folder' : "the working directories (a repository's memory may import only files inside them)";
    const link = resolved.real !== resolved.spelled ? ` (it links to ${resolved.real})` : '';
    return refuse(`outside ${where}${link}`);
  }
  return { allowed: true, read, area };
}

function readableArea(reader: MemoryReader, environment: MemoryGateEnvironment): string[] {
  const repository = [...environment.workingDirectories, environment.projectRoot];
  return [...new Set(reader.scope === 'user' ? [...repository, environment.home, environment.configDir] : repository)];
}

/** Whose memory a file is, from where it lives: the config folder's files are the user's own. */
export function memoryScopeOf(file: string, configDir: string): MemoryScope {
  if (path.resolve(path.dirname(file)) === path.resolve(configDir)) return 'user';
  return path.basename(file) === 'CLAUDE.local.md' ? 'local' : 'project';
}
