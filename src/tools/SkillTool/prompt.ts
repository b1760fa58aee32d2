import type { SkillListing } from '../../skills/skillListing.js';

export const SKILL_TOOL_NAME = 'Skill';

export function skillToolPrompt(listing: SkillListing): string {
  return `Loads a skill: instructions (and often scripts or reference files) the user installed for a kind of task. Only the names and descriptions below are known up front; calling this tool with a skill's name gives you its full instructions.

When the task matches a skill's description, load it before you start the task, and then follow its instructions. Files the instructions mention are in the skill's folder (given with the instructions): read them with Read, or run its scripts with Bash, only when you need them. Do not load a skill that does not fit the task, and do not load the same one twice in a turn.

args: optional text the skill's instructions receive (as $ARGUMENTS), e.g. a file name.

Available skills:
${listing.text || '(none installed)'}`;
}
