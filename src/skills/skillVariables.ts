/**
 * Placeholders a skill's text may use for where it lives, as in Claude
 * Code: ${CLAUDE_SKILL_DIR} (the skill's folder) and, in a plugin's skill,
 * ${CLAUDE_PLUGIN_ROOT} (the plugin's folder). Only these names are
 * replaced; any other `${…}` is left for the shell that may read it.
 */
import type { Skill } from './skill.js';

export function expandSkillVariables(text: string, skill: Pick<Skill, 'dir' | 'pluginRoot'>): string {
  return text.replace(/\$\{(CLAUDE_SKILL_DIR|CLAUDE_PLUGIN_ROOT)\}/g, (whole, name: string) => {
    if (name === 'CLAUDE_SKILL_DIR') return skill.dir;
    return skill.pluginRoot ?? whole;
  });
}
