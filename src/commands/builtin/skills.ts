/**
 * `/skills`: every skill the session found, where each comes from, who may
 * use it (the model, `/name`, or both) and what it grants while it runs;
 * then the SKILL.md files that could not be loaded, and why.
 */
import type { Skill } from '../../skills/skill.js';
import type { SlashCommand } from '../types.js';

const TITLES: Record<Skill['source'], string> = { user: 'User skills', project: 'Project skills', plugin: 'Plugin skills' };

export const skillsCommand: SlashCommand = {
  name: 'skills',
  description: 'List the skills the model and you can use',
  async run(_args, context) {
    const catalog = await context.session.skills;
    return { type: 'text', text: listSkills(catalog.skills, catalog.warnings) };
  },
};

export function listSkills(skills: readonly Skill[], warnings: readonly string[]): string {
  const lines: string[] = [];
  for (const source of ['project', 'user', 'plugin'] as const) {
    const ofSource = skills.filter((skill) => skill.source === source);
    if (ofSource.length === 0) continue;
    lines.push(`${TITLES[source]}:`);
    for (const skill of ofSource) {
      const who = skill.modelInvocable && skill.userInvocable ? `/${skill.name} or the model` : skill.userInvocable ? `/${skill.name} only` : 'the model only';
      const grants = skill.allowedTools.length > 0 ? ` · allows ${skill.allowedTools.join(', ')} while it runs` : '';
      lines.push(`  ${skill.name} — ${skill.description}`, `    ${who}${grants} · ${skill.file}`);
    }
  }
  if (lines.length === 0) lines.push('No skills. Add a folder with a SKILL.md under .claude/skills/ (this project) or the skills/ folder of your agentcli config (every project).');
  for (const warning of warnings) lines.push(`Not loaded: ${warning}`);
  return lines.join('\n');
}
