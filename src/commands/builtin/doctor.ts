/**
 * `/doctor`: is this installation healthy? One line per check (API, key,
 * sandbox, ripgrep, config files, MCP servers, terminal) with ✓ or ✗ and
 * what to do. The checks load only when asked (src/commands/doctor/). The
 * same report answers `/doctor` in headless runs and ACP editors, where the
 * terminal check does not apply (doctorReport).
 */
import type { Session } from '../../session/session.js';
import type { DoctorInputs } from '../doctor/doctorChecks.js';
import type { SlashCommand } from '../types.js';

export const doctorCommand: SlashCommand = {
  // Headless and ACP: the report as text (a script or CI job can check an installation without a terminal).
  async textForm(_args, session, where) {
    const report = await doctorReport(session, { notApplicable: where.notApplicable });
    const failed = report.failed > 0 ? `/doctor: ${report.failed} check${report.failed === 1 ? '' : 's'} failed` : undefined;
    return { text: report.text, preformatted: true, ...(failed ? { failed } : {}) };
  },
  name: 'doctor',
  description: 'Check the installation: API, key, sandbox, ripgrep, config files, MCP servers, terminal',
  async run(_args, context) {
    const { session } = context;
    const { text } = await doctorReport(session, {
      isTTY: process.stdout.isTTY === true,
      columns: process.stdout.columns,
      rows: process.stdout.rows,
      colorDepth: process.stdout.isTTY ? process.stdout.getColorDepth(session.env) : undefined,
    });
    return { type: 'text', text };
  },
};

/**
 * The report as text, and how many checks failed (a headless run exits non-zero then, so CI can gate
 * on it); `terminal` is the REPL's terminal, or why there is none (`headless`, `ACP: …`).
 */
export async function doctorReport(
  session: Pick<Session, 'env' | 'settings' | 'mcp'>,
  terminal: DoctorInputs['terminal'],
): Promise<{ readonly text: string; readonly failed: number }> {
  const [{ runDoctorChecks, formatDoctorReport }, { probeSandbox }, { ripgrepPath }] = await Promise.all([
    import('../doctor/doctorChecks.js'),
    import('../../sandbox/bwrapAvailability.js'),
    import('../../utils/process/ripgrep.js'),
  ]);
  const checks = await runDoctorChecks({
    env: session.env,
    settings: session.settings,
    terminal,
    probeSandbox: () => probeSandbox(session.env),
    ripgrepPath,
    mcpServers: session.mcp?.describe(),
  });
  return { text: formatDoctorReport(checks), failed: checks.filter((check) => check.verdict === 'fail').length };
}
