import { VERSION } from '../../version.js';
import { describeMode } from '../permissionModes.js';
import type { SlashCommand } from '../types.js';

export const statusCommand: SlashCommand = {
  name: 'status',
  description: 'Show version, model, folder, session and permission mode',
  run(_args, context) {
    const { session } = context;
    const memory = session.memoryFiles.map((file) => file.path);
    const lines = [
      `agentcli ${VERSION}`,
      `Model:            ${context.getModel()}`,
      `Working folder:   ${session.cwd}`,
      `Git branch:       ${session.git?.branch ?? '(not a git repository)'}`,
      `Session:          ${context.conversation.id}`,
      `Transcript:       ${context.conversation.transcriptPath ?? '(not saved: --no-session-persistence)'}`,
      `Permission mode:  ${describeMode(context.getPermissionMode())}`,
      `Tools:            ${session.tools.length}`,
      `Memory files:     ${memory.length > 0 ? memory.join(', ') : '(none)'}`,
      `Config folder:    ${session.info.configDir}`,
    ];
    return { type: 'text', text: lines.join('\n') };
  },
};
