/**
 * Every built-in slash command, in the order /help lists them. Add a new
 * command by writing it under builtin/ and listing it here.
 */
import { agentsCommand } from './builtin/agents.js';
import { clearCommand } from './builtin/clear.js';
import { compactCommand } from './builtin/compact.js';
import { contextCommand } from './builtin/context.js';
import { exportCommand } from './builtin/export.js';
import { resumeCommand } from './builtin/resume.js';
import { costCommand } from './builtin/cost.js';
import { exitCommand } from './builtin/exit.js';
import { helpCommand } from './builtin/help.js';
import { mcpCommand } from './builtin/mcp.js';
import { modelCommand } from './builtin/model.js';
import { permissionsCommand } from './builtin/permissions.js';
import { statusCommand } from './builtin/status.js';
import type { SlashCommand } from './types.js';

export const BUILTIN_COMMANDS: readonly SlashCommand[] = [
  helpCommand,
  clearCommand,
  compactCommand,
  contextCommand,
  resumeCommand,
  exportCommand,
  costCommand,
  permissionsCommand,
  mcpCommand,
  agentsCommand,
  modelCommand,
  statusCommand,
  exitCommand,
];
