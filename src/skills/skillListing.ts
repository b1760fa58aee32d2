/**
 * Progressive disclosure: what the model learns about skills before it uses
 * one — each model-invocable skill's name and description, one line each,
 * within a character budget so a hundred installed skills cannot crowd out
 * the conversation. What does not fit is counted, never silently dropped.
 * The bodies stay on disk until the Skill tool loads one.
 */
import type { Skill } from './skill.js';

/** About 2,000 tokens: room for some forty skills with a sentence each. */
export const DEFAULT_SKILL_LISTING_CHARS = 8_000;
/** One description may not take the room of several skills. */
const MAX_DESCRIPTION_CHARS = 250;

export type SkillListing = { readonly text: string; readonly listed: number; readonly omitted: number };

export function listSkillsForModel(skills: readonly Skill[], budgetChars = DEFAULT_SKILL_LISTING_CHARS): SkillListing {
  const offered = skills.filter((skill) => skill.modelInvocable);
  const lines: string[] = [];
  let used = 0;
  for (const skill of offered) {
    const line = `- ${skill.name}: ${clip([skill.description, skill.whenToUse].filter(Boolean).join(' '))}`;
    if (used + line.length + 1 > budgetChars) break;
    lines.push(line);
    used += line.length + 1;
  }
  const omitted = offered.length - lines.length;
  if (omitted > 0) lines.push(`(${omitted} more skill${omitted === 1 ? '' : 's'} not listed for lack of room; the user can list them with /skills)`);
  return { text: lines.join('\n'), listed: offered.length - omitted, omitted };
}

function clip(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > MAX_DESCRIPTION_CHARS ? `${oneLine.slice(0, MAX_DESCRIPTION_CHARS - 1)}…` : oneLine;
}
