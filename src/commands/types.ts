/**
 * Slash commands: what a command is, what it may touch, and what it can ask
 * the REPL to do. Commands are business logic — they return data (text to
 * show, a prompt to send, "exit") and never render anything themselves.
 */
import type { PermissionMode } from '../contract/permissions.js';
import type { ConversationSession } from '../session/conversationSession.js';
import type { Session } from '../session/session.js';
import type { ConversationMessage } from '../types/messages.js';
import type { ChoiceRequest } from '../types/userInteraction.js';
import type { EditorRun } from '../utils/process/externalEditor.js';
import type { ThemeName } from '../settings/themeSetting.js';
import type { CommandResult } from './custom/commandResult.js';
import type { CommandInfo } from './custom/customCommands.js';

/** The settings files /permissions can write a rule to: this checkout (not committed), the team's, the user's. */
export type RuleFileScope = 'local' | 'project' | 'user';

/** Where a rule comes from, in a word: a settings file's scope, this session, a CLI flag, a memory file. */
export type RuleScopeLabel = RuleFileScope | 'session' | 'CLI' | '--settings' | 'CLAUDE.md';

/** One permission rule as the /permissions listing shows it. */
export type PermissionRuleListing = {
  readonly behavior: 'allow' | 'ask' | 'deny';
  readonly rule: string;
  /** Where it comes from: a file (with line), a CLI flag, or "this session". */
  readonly source: string;
  /** The file or flag it came from, without a line (what removeRule is told). */
  readonly origin?: string;
  readonly scope?: RuleScopeLabel;
  /** Whether /permissions may remove it (rules of settings files and of this session; not flags or CLAUDE.md). */
  readonly removable?: boolean;
  /** False for a repository allow rule while the folder is not trusted. */
  readonly active: boolean;
};

/**
 * The permission engine's management surface, as commands see it. Each
 * member is optional so the REPL works before the engine provides it.
 */
export type PermissionRulesAccess = {
  listRules?(): Promise<readonly PermissionRuleListing[]>;
  /** The settings file of a scope (undefined when this session cannot write it). */
  settingsFile?(scope: RuleFileScope): string | undefined;
  /**
   * Adds a rule to the scope's settings file (default: .claude/settings.local.json) and to the live
   * rule set; returns a message for the user.
   */
  addRule?(behavior: 'allow' | 'ask' | 'deny', rule: string, scope?: RuleFileScope): Promise<string>;
  /** Removes a rule that came from `origin` (default: .claude/settings.local.json) from its file and the live set. */
  removeRule?(rule: string, origin?: string): Promise<string>;
};

/**
 * What only the interactive front end can change in the running session;
 * each is optional, and a command without it says the change applies from
 * the next start.
 */
export type FrontEndCommandHooks = {
  /** `/statusline`: run this program for the custom status line from now on (undefined: none). */
  readonly applyStatusLine?: (command: string | undefined) => void;
  /** `/config`: verbose tool output (the Ctrl+O switch). */
  readonly isVerbose?: () => boolean;
  readonly setVerbose?: (on: boolean) => void;
  /** `/config`: whether vim editing of the prompt is on (`/vim` toggles it). */
  readonly isVimMode?: () => boolean;
  /** `/theme`, `/config`: the colours of everything drawn from now on. */
  readonly applyTheme?: (name: ThemeName) => void;
};

export type CommandContext = FrontEndCommandHooks & {
  readonly session: Session;
  /** The conversation's owner: messages, id, transcript, context size. */
  readonly conversation: ConversationSession;
  /** Every command the registry holds, for /help. */
  readonly commands: () => readonly SlashCommand[];
  readonly getModel: () => string;
  readonly setModel: (model: string) => void;
  readonly getMessages: () => readonly ConversationMessage[];
  /** Ends the conversation and starts a new one (new session id and transcript). */
  readonly clearConversation: () => Promise<void>;
  readonly getPermissionMode: () => PermissionMode;
  readonly permissions: PermissionRulesAccess;
  /** `/vim`: switches vim-style editing of the prompt; returns whether it is now on. */
  readonly toggleVimMode: () => boolean;
  /** Puts text on the user's clipboard (OSC 52); returns why not, if it could not. */
  readonly copyToClipboard: (text: string) => string | undefined;
  /** A picker (the REPL's choice dialog): the chosen option's value, or undefined for Esc. */
  readonly choose: (request: ChoiceRequest) => Promise<string | undefined>;
  /** Opens a file in the user's editor, the terminal handed over until it exits. */
  readonly editFile: (file: string) => Promise<EditorRun>;
  /** Shows a line while the command is still running (e.g. the sign-in URL /mcp login waits on). */
  readonly notify?: (text: string) => void;
};

export type SlashCommand = CommandInfo & {
  run(args: string, context: CommandContext): Promise<CommandResult> | CommandResult;
  /**
   * The command's answer where there is no terminal UI (headless -p, an ACP editor), from the session
   * alone. Front ends without a UI run any built-in of theirs that has one (src/app/frontEndBuiltins.ts
   * says which they offer); `notApplicable` is what a check of the terminal says there.
   */
  textForm?(args: string, session: Session, where: { readonly notApplicable: string }): Promise<TextFormAnswer>;
};

/** A built-in's answer without a UI. */
export type TextFormAnswer = {
  readonly text: string;
  /** The command did not do what was asked (a bad rule, an unknown action): headless exits 1 with the text. */
  readonly error?: boolean;
  /** Something it checked failed (/doctor): the text stands, and headless exits 1 with this line. */
  readonly failed?: string;
  /** Column-aligned text an editor must not reflow (ACP shows it in a code fence). */
  readonly preformatted?: boolean;
};
