/**
 * The words of a permission dialog: its title, its question, and the three
 * choices. The rule offered in choice 2 is exactly the rule that will be
 * saved — the user sees what they agree to.
 */
import path from 'node:path';
import { allowAlwaysScope } from '../../permissions/allowAlways.js';
import type { PermissionResponse } from '../../permissions/types.js';

export type PermissionChoice =
  | { readonly kind: 'allow_once' }
  | { readonly kind: 'allow_outside_sandbox' }
  | { readonly kind: 'allow_always'; readonly rules: readonly string[] }
  /** Allow this call and switch the session to acceptEdits (Shift+Tab does the same). */
  | { readonly kind: 'allow_edits_for_session' }
  | { readonly kind: 'deny_with_feedback' };

export type PermissionChoiceOption = { readonly label: string; readonly value: PermissionChoice };

/**
 * `sessionEdits`: the call is a file edit asked about only because of the mode (default): the second
 * choice then switches the session to accept edits, as Claude Code offers, instead of a rule for one file.
 * `sandboxed`: the command would run in the sandbox; one more choice runs it outside, this once.
 */
export function permissionChoices(
  suggestedRules: readonly string[] | undefined,
  options: { readonly sessionEdits?: boolean; readonly sandboxed?: boolean } = {},
): PermissionChoiceOption[] {
  const rules = (suggestedRules ?? []).filter((rule) => rule.trim() !== '');
  const second: PermissionChoiceOption[] = options.sessionEdits
    ? [{ label: 'Yes, allow all edits during this session (shift+tab)', value: { kind: 'allow_edits_for_session' } }]
    : rules.length > 0
      ? [{ label: allowAlwaysLabel(rules), value: { kind: 'allow_always', rules } }]
      : [];
  return [
    { label: options.sandboxed ? 'Yes (in the sandbox)' : 'Yes', value: { kind: 'allow_once' } },
    ...second,
    { label: 'No, and tell the model what to do differently (esc)', value: { kind: 'deny_with_feedback' } },
    // Last, after No: a user who presses the number they know for No (3) must never run a command unsandboxed.
    ...(options.sandboxed ? [{ label: 'Yes, run it outside the sandbox this once', value: { kind: 'allow_outside_sandbox' } as const }] : []),
  ];
}

/**
 * Choice 2 says where the rule goes: saved in .claude/settings.local.json (it outlives the session; a
 * failed save says so), or — for a place outside the project — held for this session only.
 */
export function allowAlwaysLabel(rules: readonly string[]): string {
  const where = allowAlwaysScope(rules) === 'project' ? 'in this project (.claude/settings.local.json)' : 'during this session';
  return `Yes, and don't ask again for ${rules.join(', ')} ${where}`;
}

/** Tools whose calls change files in the working directories: what acceptEdits lets through. */
const FILE_EDIT_TOOLS: ReadonlySet<string> = new Set(['Edit', 'MultiEdit', 'Write', 'NotebookEdit']);

export function isFileEditTool(toolName: string): boolean {
  return FILE_EDIT_TOOLS.has(toolName);
}

export function responseFor(choice: Exclude<PermissionChoice, { kind: 'deny_with_feedback' }>): PermissionResponse {
  if (choice.kind === 'allow_outside_sandbox') return { type: 'allow_once', outsideSandbox: true };
  return choice.kind === 'allow_always' ? { type: 'allow_always', rules: choice.rules } : { type: 'allow_once' };
}

export function denialWithFeedback(feedback: string): PermissionResponse {
  const trimmed = feedback.trim();
  return trimmed === '' ? { type: 'deny' } : { type: 'deny', feedback: trimmed };
}

export type PermissionWording = { readonly title: string; readonly question: string };

export function permissionWording(toolName: string, displayName: string, input: unknown): PermissionWording {
  const record = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const file = typeof record.file_path === 'string' ? path.basename(record.file_path) : typeof record.notebook_path === 'string' ? path.basename(record.notebook_path) : undefined;
  switch (toolName) {
    case 'Bash':
      return { title: 'Bash command', question: 'Do you want to run this command?' };
    case 'Edit':
    case 'MultiEdit':
      return { title: 'Edit file', question: `Do you want to make this edit to ${file ?? 'the file'}?` };
    case 'Write':
      return { title: 'Write file', question: `Do you want to write ${file ?? 'this file'}?` };
    case 'NotebookEdit':
      return { title: 'Edit notebook', question: `Do you want to edit ${file ?? 'this notebook'}?` };
    case 'WebFetch':
      return { title: 'Fetch', question: 'Do you want to fetch this URL?' };
    case 'ExitPlanMode':
      return { title: 'Ready to code?', question: 'Do you want to leave plan mode and start on this plan?' };
    default:
      return { title: displayName, question: `Do you want to use ${displayName}?` };
  }
}
