// A real session and a CommandContext over it, for testing slash commands without a terminal.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BUILTIN_COMMANDS } from '../../../src/commands/builtinCommands.js';
import { createPermissionRulesAccess } from '../../../src/commands/permissionRulesAccess.js';
import type { CommandContext, SlashCommand } from '../../../src/commands/types.js';
import { ConversationSession } from '../../../src/session/conversationSession.js';
import { createSession } from '../../../src/app/createSession.js';
import type { Session } from '../../../src/session/session.js';
import type { ConversationMessage } from '../../../src/types/messages.js';
import type { ChoiceRequest } from '../../../src/types/userInteraction.js';
import type { EditorRun } from '../../../src/utils/process/externalEditor.js';

export type CommandFixture = {
  readonly session: Session;
  readonly context: CommandContext;
  readonly cwd: string;
  readonly conversation: ConversationSession;
  readonly state: {
    model: string;
    cleared: number;
    messages: ConversationMessage[];
    saveErrors: string[];
    copied: string[];
    vim: boolean;
    /** Pickers the command opened; each is answered with the next entry of `choices` (undefined = Esc). */
    asked: ChoiceRequest[];
    choices: Array<string | undefined>;
    /** Files the command opened in the editor; `editor` says what the fake editor does. */
    edited: string[];
    editor: (file: string) => Promise<EditorRun>;
  };
  cleanup(): Promise<void>;
};

export async function commandFixture(options: { commands?: readonly SlashCommand[] } = {}): Promise<CommandFixture> {
  const cwd = await mkdtemp(path.join(os.tmpdir(), 'agentcli-cmd-cwd-'));
  const configDir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-cmd-config-'));
  const session = await createSession({
    cwd,
    env: { ANTHROPIC_API_KEY: 'test-key', AGENTCLI_CONFIG_DIR: configDir },
    isInteractive: true,
    isTrusted: true,
    baseTools: [],
  });
  const conversation = new ConversationSession({ session, persist: false });
  const state: CommandFixture['state'] = {
    model: session.model,
    cleared: 0,
    messages: [],
    saveErrors: [],
    copied: [],
    vim: false,
    asked: [],
    choices: [],
    edited: [],
    editor: async () => ({ ok: true, editor: 'fake-editor' }),
  };
  const context: CommandContext = {
    session,
    commands: () => options.commands ?? BUILTIN_COMMANDS,
    getModel: () => state.model,
    setModel: (model) => {
      state.model = model;
    },
    getMessages: () => state.messages,
    clearConversation: async () => {
      state.cleared++;
      state.messages = [];
    },
    conversation,
    getPermissionMode: () => session.appState.get().toolPermissionContext.mode,
    toggleVimMode: () => (state.vim = !state.vim),
    copyToClipboard: (text) => {
      state.copied.push(text);
      return undefined;
    },
    choose: async (request) => {
      state.asked.push(request);
      return state.choices.shift();
    },
    editFile: (file) => {
      state.edited.push(file);
      return state.editor(file);
    },
    permissions: createPermissionRulesAccess({
      projectRoot: cwd,
      appState: session.appState,
      configDir: session.info.configDir,
      onSaveError: (message) => state.saveErrors.push(message),
    }),
  };
  return {
    session,
    conversation,
    context,
    cwd,
    state,
    async cleanup() {
      await rm(cwd, { recursive: true, force: true });
      await rm(configDir, { recursive: true, force: true });
    },
  };
}
