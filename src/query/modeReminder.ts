/**
 * Reminders: short texts the loop adds to the newest user message. The
 * system prompt is built once per session (prompt cache), but the
 * permission mode can change mid-session. In plan mode each new user message
 * carries a short reminder, so the model plans instead of discovering the
 * mode from refused calls. The reminder is stored with the message, so later
 * requests repeat the same bytes and the cached prefix holds.
 */
import type { PermissionMode } from '../contract/permissions.js';
import type { ContentBlockParam, ConversationMessage } from '../types/messages.js';

export const PLAN_MODE_REMINDER =
  '<system-reminder>Plan mode is on: only read-only tools run. Explore and read as needed, then present your plan with the ExitPlanMode tool; do not try to edit files or run commands with side effects until the user approves the plan.</system-reminder>';

/** Headless sessions have nobody to approve a plan (and no ExitPlanMode tool): the plan is the answer. */
export const HEADLESS_PLAN_MODE_REMINDER =
  '<system-reminder>Plan mode is on: only read-only tools run, and nobody can approve a plan in this session. Explore and read as needed, then give your plan as your final answer; do not try to edit files or run commands with side effects.</system-reminder>';

export function withModeReminder(message: ConversationMessage, mode: PermissionMode, isInteractive: boolean): ConversationMessage {
  if (mode !== 'plan' || message.type !== 'user') return message;
  const reminder = isInteractive ? PLAN_MODE_REMINDER : HEADLESS_PLAN_MODE_REMINDER;
  const content = typeof message.content === 'string' ? [] : message.content;
  if (content.some((block) => block.type === 'text' && block.text === reminder)) return message;
  return withReminders(message, [reminder]);
}

/**
 * The user message with reminder texts added after its content. Stored in
 * the conversation like any content, so the next requests repeat it.
 */
export function withReminders(message: ConversationMessage, reminders: readonly string[]): ConversationMessage {
  if (message.type !== 'user' || reminders.length === 0) return message;
  const content: ContentBlockParam[] =
    typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : [...message.content];
  return { ...message, content: [...content, ...reminders.map((text): ContentBlockParam => ({ type: 'text', text }))] };
}
