/**
 * When a sandboxed command fails because the sandbox refused it a path or a
 * host, the user decides whether to run it again outside — the model is not
 * left guessing why it failed, nor tempted to work around the walls. In a
 * run with nobody to ask, the result says what happened and how to allow it.
 */
import type { ToolUseContext } from '../../contract/tool.js';

export type SandboxRefusal = { readonly kind: 'path' | 'network'; readonly what: string };

/** What the kernel, resolvers and our proxy print when the sandbox, not the command, said no. */
const REFUSAL_SIGNS: readonly { readonly kind: SandboxRefusal['kind']; readonly pattern: RegExp; readonly what: string }[] = [
  { kind: 'path', pattern: /Read-only file system|EROFS/, what: 'a write (read-only file system)' },
  { kind: 'network', pattern: /blocked by the agentcli sandbox|domain is not in sandbox\.network\.allowedDomains/i, what: 'a network host (not in sandbox.network.allowedDomains)' },
  {
    kind: 'network',
    pattern: /Could not resolve host|Temporary failure in name resolution|Network is unreachable|getaddrinfo (EAI_AGAIN|ENOTFOUND)|ENETUNREACH|EAI_AGAIN|Name or service not known|Failed to establish a new connection/,
    what: 'network access',
  },
];

export function sandboxRefusalIn(output: string): SandboxRefusal | undefined {
  for (const sign of REFUSAL_SIGNS) if (sign.pattern.test(output)) return { kind: sign.kind, what: sign.what };
  return undefined;
}

export type RerunAnswer = 'rerun' | 'declined' | 'nobody-to-ask';

export const RERUN_OUTSIDE_LABEL = 'Yes, run it again outside the sandbox';

export async function offerRunOutsideSandbox(command: string, refusal: SandboxRefusal, context: ToolUseContext): Promise<RerunAnswer> {
  const interaction = context.userInteraction;
  if (!interaction || !context.isInteractive) return 'nobody-to-ask';
  const question = `The sandbox refused ${refusal.what} for: ${command.length > 200 ? `${command.slice(0, 199)}…` : command}\nRun it again outside the sandbox?`;
  try {
    const answers = await interaction.askQuestions(
      [{ question, header: 'Sandbox', options: [{ label: RERUN_OUTSIDE_LABEL, description: 'no OS limits for this one run' }, { label: 'No', description: 'keep the failure' }] }],
      context.abortSignal,
    );
    return answers[question] === RERUN_OUTSIDE_LABEL ? 'rerun' : 'declined';
  } catch {
    return 'declined';
  }
}
