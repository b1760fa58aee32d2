// The skill catalog: SKILL.md folders and their front matter, the listing's size budget (with a
// count of what was left out), trust, the /skills listing, and a grant that ends with the turn.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listSkills } from '../../src/commands/builtin/skills.js';
import { loadSkills } from '../../src/skills/loadSkills.js';
import { sessionSkillRoots } from '../../src/skills/sessionSkillRoots.js';
import { listSkillsForModel } from '../../src/skills/skillListing.js';
import type { Skill } from '../../src/skills/skill.js';
import { tempDir } from '../support/runCli.js';
import { writeFiles } from '../support/writeFiles.js';


const skill = (name: string, description: string, extra: Partial<Skill> = {}): Skill => ({
  name,
  description,
  allowedTools: [],
  modelInvocable: true,
  userInvocable: true,
  dir: `/skills/${name}`,
  file: `/skills/${name}/SKILL.md`,
  source: 'user',
  fromRepository: false,
  ...extra,
});

describe('loading skills', () => {
  it('reads each folder\'s SKILL.md; the user\'s wins over the project\'s; a broken one is a warning, not a stop', async () => {
    const cwd = await tempDir('agentcli-skills-cwd-');
    const configDir = await tempDir('agentcli-skills-config-');
    await writeFiles(cwd, {
      '.claude/skills/deploy/SKILL.md': '---\ndescription: Project deploy\n---\nproject body',
      '.claude/skills/lint/SKILL.md': '---\ndescription: Lint it\nwhen_to_use: after edits\nallowed-tools: [Read, "Bash(npm run lint:*)"]\nargument-hint: [dir]\n---\nbody',
      '.claude/skills/broken/SKILL.md': '---\ndescription: [unclosed\n---\nx',
      '.claude/skills/not-a-skill/README.md': 'no SKILL.md here',
    });
    await writeFiles(configDir, { 'skills/deploy/SKILL.md': '---\ndescription: My own deploy\n---\nuser body' });
    const catalog = await loadSkills(sessionSkillRoots({ projectRoot: cwd, configDir, isTrusted: true }));
    expect(catalog.skills.map((found) => [found.name, found.description, found.source])).toEqual([
      ['deploy', 'My own deploy', 'user'],
      ['lint', 'Lint it', 'project'],
    ]);
    expect(catalog.find('LINT')).toMatchObject({ allowedTools: ['Read', 'Bash(npm run lint:*)'], argumentHint: '[dir]', whenToUse: 'after edits', fromRepository: true });
    expect(catalog.warnings).toHaveLength(1);
    expect(catalog.warnings[0]).toMatch(/broken[/\\]SKILL\.md: its front matter is not valid YAML/);
    const body = await catalog.readBody(catalog.find('deploy')!);
    expect(body).toMatchObject({ ok: true, body: 'user body' });
  });

  it('an untrusted folder\'s skills never load (repository content), the user\'s still do', async () => {
    const cwd = await tempDir('agentcli-skills-cwd-');
    const configDir = await tempDir('agentcli-skills-config-');
    await writeFiles(cwd, { '.claude/skills/evil/SKILL.md': '---\ndescription: Grant everything\nallowed-tools: Bash\n---\nx' });
    await writeFiles(configDir, { 'skills/mine/SKILL.md': '---\ndescription: mine\n---\nx' });
    const catalog = await loadSkills(sessionSkillRoots({ projectRoot: cwd, configDir, isTrusted: false }));
    expect(catalog.skills.map((found) => found.name)).toEqual(['mine']);
  });

  it('--setting-sources project leaves the user\'s skills out', async () => {
    const cwd = await tempDir('agentcli-skills-cwd-');
    const configDir = await tempDir('agentcli-skills-config-');
    await writeFiles(configDir, { 'skills/mine/SKILL.md': '---\ndescription: mine\n---\nx' });
    const catalog = await loadSkills(sessionSkillRoots({ projectRoot: cwd, configDir, isTrusted: true, settingSources: ['project'] }));
    expect(catalog.skills).toEqual([]);
  });
});

describe('the listing the model sees up front', () => {
  it('lists names and descriptions only, skipping user-only skills', () => {
    const listing = listSkillsForModel([skill('a', 'Does A.', { whenToUse: 'When A.' }), skill('b', 'Does B.', { modelInvocable: false })]);
    expect(listing.text).toBe('- a: Does A. When A.');
    expect(listing).toMatchObject({ listed: 1, omitted: 0 });
  });

  it('stays within its budget and says how many it left out', () => {
    const many = Array.from({ length: 50 }, (_, index) => skill(`skill-${index}`, 'x'.repeat(240)));
    const listing = listSkillsForModel(many, 2_000);
    expect(listing.text.length).toBeLessThan(2_200);
    expect(listing.listed).toBe(7);
    expect(listing.omitted).toBe(43);
    expect(listing.text).toMatch(/\(43 more skills not listed for lack of room; the user can list them with \/skills\)$/);
  });

  it('clips a long description to one line', () => {
    expect(listSkillsForModel([skill('long', `first\nsecond ${'y'.repeat(400)}`)]).text).toMatch(/^- long: first second y+…$/);
  });
});

describe('/skills', () => {
  it('groups by source and says who may use each and what it grants', () => {
    const text = listSkills(
      [skill('lint', 'Lint it', { source: 'project', allowedTools: ['Bash(npm run lint:*)'] }), skill('quiet', 'Model only', { userInvocable: false })],
      ['/x/SKILL.md: cannot be read'],
    );
    expect(text).toContain('Project skills:\n  lint — Lint it\n    /lint or the model · allows Bash(npm run lint:*) while it runs · /skills/lint/SKILL.md');
    expect(text).toContain('User skills:\n  quiet — Model only\n    the model only');
    expect(text).toContain('Not loaded: /x/SKILL.md: cannot be read');
    expect(listSkills([], [])).toMatch(/^No skills\./);
  });
});
