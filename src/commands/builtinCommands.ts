/**
 * Every built-in slash command, in the order /help lists them. Add a new
 * command by writing it under builtin/ and listing it here.
 */
import { addDirCommand } from './builtin/addDir.js';
import { agentsCommand } from './builtin/agents.js';
import { clearCommand } from './builtin/clear.js';
import { compactCommand } from './builtin/compact.js';
import { configCommand } from './builtin/config.js';
import { contextCommand } from './builtin/context.js';
import { copyCommand } from './builtin/copy.js';
import { exportCommand } from './builtin/export.js';
import { resumeCommand } from './builtin/resume.js';
import { rewindCommand } from './builtin/rewind.js';
import { budgetCommand } from './builtin/budget.js';
import { costCommand } from './builtin/cost.js';
import { doctorCommand } from './builtin/doctor.js';
import { exitCommand } from './builtin/exit.js';
import { helpCommand } from './builtin/help.js';
import { hooksCommand } from './builtin/hooks.js';
import { initCommand } from './builtin/init.js';
import { mcpCommand } from './builtin/mcp.js';
import { memoryCommand } from './builtin/memory.js';
import { modelCommand } from './builtin/model.js';
import { permissionsCommand } from './builtin/permissions.js';
import { outputStyleCommand } from './builtin/outputStyle.js';
import { pluginCommand } from './builtin/plugin.js';
import { skillsCommand } from './builtin/skills.js';
import { statusCommand } from './builtin/status.js';
import { statuslineCommand } from './builtin/statusline.js';
import { themeCommand } from './builtin/theme.js';
import { todosCommand } from './builtin/todos.js';
import { tasksCommand } from './builtin/tasks.js';
import { reviewCommand } from './builtin/review.js';
import { vimCommand } from './builtin/vim.js';
import type { SlashCommand } from './types.js';

export const BUILTIN_COMMANDS: readonly SlashCommand[] = [
  helpCommand,
  clearCommand,
  compactCommand,
  contextCommand,
  resumeCommand,
  rewindCommand,
  exportCommand,
  costCommand,
  budgetCommand,
  permissionsCommand,
  hooksCommand,
  mcpCommand,
  memoryCommand,
  initCommand,
  agentsCommand,
  skillsCommand,
  pluginCommand,
  outputStyleCommand,
  modelCommand,
  addDirCommand,
  copyCommand,
  vimCommand,
  statusCommand,
  configCommand,
  doctorCommand,
  todosCommand,
  tasksCommand,
  reviewCommand,
  statuslineCommand,
  themeCommand,
  exitCommand,
];
