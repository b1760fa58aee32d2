/**
 * Where a session works, computed once per start (src/app/projectLocation.ts)
 * and handed to every loader, so no loader works it out again its own way.
 * One meaning per field:
 *
 *   cwd             where agentcli was started. Project files are read here:
 *                   .claude/settings.json and settings.local.json, .mcp.json,
 *                   .claude/commands, .claude/skills, .claude/output-styles;
 *                   relative paths in permission rules resolve against it;
 *                   transcripts are filed under its slug. (ToolUseContext's
 *                   projectRoot is this folder.)
 *   repositoryRoot  the nearest folder above cwd (or cwd itself) with a .git;
 *                   cwd when there is none. CLAUDE.md files are collected
 *                   from here down to cwd, subfolders' CLAUDE.md files load
 *                   under it, and project agents (.claude/agents) are read
 *                   here, so one repository shares its agents in any folder.
 *   configDir       $AGENTCLI_CONFIG_DIR (default ~/.agentcli): the user's files.
 *   settingSources  --setting-sources: which settings files (and the CLAUDE.md,
 *                   agents, commands and skills of those scopes) are read.
 *   flagSettings    --settings: one more settings layer above the files.
 */
import type { SettingsSelection } from './settingsFiles.js';

export type ProjectLocation = SettingsSelection & {
  readonly repositoryRoot: string;
};
