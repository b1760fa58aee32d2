/**
 * `agentcli permissions check "@path" [--imported-by <memory file>]`: whether
 * a memory file's `@path` import reaches the model, decided by the session's
 * own gate (context/memoryReadGate.ts) — the Read decision and the area the
 * importing file may reach — and shown with the Read decision's trace.
 */
import path from 'node:path';
import { importTarget } from '../../context/memoryImports.js';
import { decideMemoryRead, memoryScopeOf, type MemoryGateEnvironment } from '../../context/memoryReadGate.js';
import { describeExplanation } from '../../permissions/engine/decisionTypes.js';

export async function explainMemoryImport(reference: string, importedBy: string | undefined, environment: MemoryGateEnvironment & { readonly cwd: string }): Promise<string[]> {
  const spelled = reference.replace(/^@/, '');
  const importer = path.resolve(environment.cwd, importedBy ?? 'CLAUDE.md');
  const reader = { file: importer, scope: memoryScopeOf(importer, environment.configDir) };
  const target = importTarget(spelled, importer, environment.home);
  const decision = await decideMemoryRead({ target, reader }, environment);
  const whose = reader.scope === 'user' ? "the user's own memory" : "a repository's memory";
  return [
    `${decision.allowed ? 'IMPORT' : 'REFUSE'}  @${spelled} in ${importer} (${whose})`,
    `  ${decision.allowed ? `imported: ${target}` : `not imported: ${decision.reason}`}`,
    `  mode: ${environment.mode}`,
    `  may import from: ${decision.area.join(', ')}`,
    'Read decision for the same file (what the Read tool would get):',
    ...decision.read.trace.map((entry) => `  ${entry.behavior.padEnd(5)}  ${entry.subject}  —  ${describeExplanation(entry.explanation)}`),
  ];
}
