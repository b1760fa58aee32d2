/**
 * What a conversation runs on: the engine one agentcli start assembles (the
 * tool pool, the permission state, the system prompt and memory, the model
 * client, hooks, settings). The composition root (src/app/createSession.ts)
 * builds it; the session layer, the commands and the front ends read it
 * through this type, so none of them imports the composition root.
 */
import type { TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { SessionInfo, Tools, ToolUseContext } from '../contract/tool.js';
import type { GitInfo } from '../context/gitInfo.js';
import type { MemoryFile } from '../context/memoryFiles.js';
import type { NestedMemory } from '../context/nestedMemory.js';
import type { TodoStaleness } from '../context/todoReminder.js';
import type { HookSet } from '../hooks/types.js';
import type { SessionShellEnvironment } from '../hooks/sessionShellEnvironment.js';
import type { CanUseToolFn } from '../permissions/canUseTool.js';
import type { PermissionDenialRecord } from '../permissions/types.js';
import type { CostTracker } from '../services/api/cost.js';
import type { ThinkingSettings } from '../services/api/thinking.js';
import type { ModelClient } from '../contract/modelClient.js';
import type { McpServersControl } from '../services/mcp/types.js';
import type { RetryPolicy } from '../services/api/withRetry.js';
import type { ToolRunEnv } from '../services/tools/toolExecution.js';
import type { AppStateStore } from '../contract/appState.js';
import type { ReadFileState } from '../contract/readFileState.js';
import type { AgentCatalog } from '../contract/agentDefinition.js';
import type { SubagentLauncher } from '../contract/subagentLauncher.js';
import type { BackgroundTasks } from '../contract/backgroundTasks.js';
import type { SubagentScope } from './subagentScope.js';
import type { FollowableSkillCatalog } from '../skills/loadSkills.js';
import type { CommandRoot } from '../commands/custom/customCommands.js';
import type { LoadedPlugin } from '../plugins/plugin.js';
import type { OutputStyle, OutputStyleCatalog } from '../outputStyles/outputStyle.js';
import type { SettingsSelection } from '../settings/settingsFiles.js';
import type { SettingsInForce } from '../settings/settingsSnapshot.js';
import type { ProjectLocation } from '../settings/projectLocation.js';
import type { FinalAnswerTool } from '../query.js';
import type { CheckpointSettings } from './settingsValues.js';
import type { SpendCap } from './spendCap.js';

export type Session = {
  readonly id: string;
  readonly info: SessionInfo;
  readonly cwd: string;
  readonly model: string;
  readonly maxTurns: number | undefined;
  /** The spend cap (--max-budget-usd or the settings' `budget`), shared by the main conversation and its subagents. */
  readonly spendCap: SpendCap;
  /** --json-schema: how the main conversation's queries must end (subagents never get it). */
  readonly finalAnswerTool: FinalAnswerTool | undefined;
  readonly maxOutputTokens: number;
  readonly fallbackModel: string | undefined;
  readonly thinking: ThinkingSettings;
  readonly isInteractive: boolean;
  /** The environment the session was configured from (thresholds, secrets to keep out of transcripts). */
  readonly env: NodeJS.ProcessEnv;
  readonly git: GitInfo | undefined;
  /** The memory files in force now (a new array after reloadMemory). */
  readonly memoryFiles: readonly MemoryFile[];
  /** Which settings layers this session reads (--setting-sources, --settings); later loaders (REPL display, commands) use it too. */
  readonly settings: SettingsSelection;
  /** The settings read at start (once, src/settings/settingsSnapshot.ts), replaced as the live-settings watcher accepts a change. */
  readonly settingsInForce: SettingsInForce;
  /** Where the session works: cwd, repository root, config dir, setting sources (src/settings/projectLocation.ts gives each its one meaning). */
  readonly location: ProjectLocation;
  /**
   * Reads the memory files again after the user changed one (`/memory`, a
   * `#` note): the system prompt and the memory files' rule lines of the
   * next request follow. Returns a problem to show (a malformed rule line
   * leaves the previous rules in force), or undefined.
   */
  reloadMemory(): Promise<string | undefined>;
  /** Subfolders' CLAUDE.md files, sent as reminders once the model works under them. */
  readonly nestedMemory: NestedMemory;
  readonly todoStaleness: TodoStaleness;
  readonly systemPrompt: readonly TextBlockParam[];
  /** The current pool; a new array whenever MCP servers' tools change. */
  readonly tools: Tools;
  readonly mcp: McpServersControl | undefined;
  /** The agent types the Agent tool offers (built-in, user, project, --agents), with load warnings. */
  readonly agentCatalog: Promise<AgentCatalog>;
  /** How the Agent tool starts children of a conversation's turn (src/agents/ implements it; the engine only passes it on). */
  subagentLauncher(scope: SubagentScope): SubagentLauncher;
  /** Skills (user, project once trusted, enabled plugins'): the Skill tool and `/name` read them. */
  readonly skills: Promise<FollowableSkillCatalog>;
  /** Folders of command files beyond .claude/commands and the user's (enabled plugins' `commands/`). */
  readonly commandRoots: readonly CommandRoot[];
  /** The plugins this session runs (--plugin-dir and the enabled installed ones; none in an untrusted folder). */
  readonly plugins: readonly LoadedPlugin[];
  /** Built-in, user, project (trusted) and plugins' output styles. */
  readonly outputStyles: OutputStyleCatalog;
  /** The style in force (settings `outputStyle`, or /output-style). */
  readonly outputStyle: OutputStyle;
  /** Switches the style; the next request's system prompt follows. Returns a problem, or undefined. */
  setOutputStyle(name: string): string | undefined;
  readonly appState: AppStateStore;
  readonly readFileState: ReadFileState;
  /** This session's background shells and agents (tools reach them through the context; /tasks and the REPL directly). */
  readonly backgroundTasks: BackgroundTasks;
  readonly modelClient: ModelClient;
  readonly canUseTool: CanUseToolFn;
  readonly costTracker: CostTracker;
  readonly retryPolicy: RetryPolicy;
  readonly maxConcurrency: number;
  readonly permissionDenials: PermissionDenialRecord[];
  /** Hooks from every settings file (src/hooks/); front ends subscribe to show their activity. */
  readonly hooks: HookSet;
  /** What SessionStart hooks wrote to CLAUDE_ENV_FILE: the Bash tool's extra variables. */
  readonly shellEnvironment: SessionShellEnvironment;
  /** One-line warnings the front end shows once at start (e.g. the Bash sandbox cannot run here). */
  readonly startupWarnings: readonly string[];
  /** The tool-run environment without a permission asker (front ends add theirs). */
  readonly baseEnv: ToolRunEnv;
  /** Which tools' definitions a request carries (ToolSearch deferral); pass it to query(). */
  readonly selectRequestTools: (context: ToolUseContext) => Tools;
  /** Whether prompts take file checkpoints, and their limits. */
  readonly checkpoints: CheckpointSettings;
  /** A fresh base context for the next query (cwd carried over from the last one). */
  toolUseContext(signal: AbortSignal, messages: ToolUseContext['messages'], cwd: string): ToolUseContext;
};
