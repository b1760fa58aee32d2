/**
 * `/doctor`: is this installation healthy? One line per check (API, key,
 * sandbox, ripgrep, config files, MCP servers, terminal) with ✓ or ✗ and
 * what to do. The checks load only when asked (src/commands/doctor/).
 */
import type { SlashCommand } from '../types.js';

export const doctorCommand: SlashCommand = {
  name: 'doctor',
  description: 'Check the installation: API, key, sandbox, ripgrep, config files, MCP servers, terminal',
  async run(_args, context) {
    const [{ runDoctorChecks, formatDoctorReport }, { probeSandbox }, { ripgrepPath }] = await Promise.all([
      import('../doctor/doctorChecks.js'),
      import('../../sandbox/bwrapAvailability.js'),
      import('../../utils/process/ripgrep.js'),
    ]);
    const { session } = context;
    const checks = await runDoctorChecks({
      env: session.env,
      settings: session.settings,
      terminal: {
        isTTY: process.stdout.isTTY === true,
        columns: process.stdout.columns,
        rows: process.stdout.rows,
        colorDepth: process.stdout.isTTY ? process.stdout.getColorDepth(session.env) : undefined,
      },
      probeSandbox: () => probeSandbox(session.env),
      ripgrepPath,
      mcpServers: session.mcp?.describe(),
    });
    return { type: 'text', text: formatDoctorReport(checks) };
  },
};
