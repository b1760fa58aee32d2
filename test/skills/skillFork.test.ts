// `context: fork` skills end to end through the built CLI and the fake model: the body is a subagent's
// task and reaches only that agent's requests; the parent sees the agent's answer; allowed-tools hold
// inside the fork and are released when it ends; `/name` asks the model to run the skill.
import { access } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useHeadlessWorkspace } from '../support/headlessWorkspace.js';
import { writeFiles } from '../support/writeFiles.js';
import { endTurn, lastToolResults, toolResultText, toolUse, turn } from '../support/scenario.js';

let cwd: string;
const workspace = useHeadlessWorkspace((folders) => ({ cwd } = folders));
const exists = (file: string) => access(file).then(() => true, () => false);
const BODY_MARKER = 'FORK-BODY-FOR-THE-AGENT-ONLY';

const AUDIT_SKILL = {
  '.claude/skills/audit/SKILL.md': [
    '---',
    'name: audit',
    'description: Audit a folder. Use when the user asks for an audit.',
    'context: fork',
    'agent: general-purpose',
    'allowed-tools: Bash(touch audited.txt)',
    '---',
    `${BODY_MARKER}: audit $ARGUMENTS, then run touch audited.txt and report.`,
  ].join('\n'),
};

describe('context: fork skills', () => {
  it('runs the body in a subagent; the parent gets only its answer; the grant holds inside the fork and ends with it', async () => {
    await writeFiles(cwd, AUDIT_SKILL);
    const run = await workspace.run(
      [
        turn(toolUse('Skill', { skill: 'audit', args: 'src' })),
        // The agent's requests: it uses the granted command, then answers.
        turn(toolUse('Bash', { command: 'touch audited.txt' })),
        endTurn('AUDIT-ANSWER: all clear'),
        // The parent again: the same command outside the fork is not granted any more.
        turn(toolUse('Bash', { command: 'touch audited.txt' })),
        endTurn('Done.'),
      ],
      ['-p', 'audit the code', '--output-format', 'json', '--allowedTools', 'Skill'],
    );
    workspace.server!.assertNoViolations();
    expect(JSON.parse(run.stdout).result).toBe('Done.');
    const requests = workspace.server!.requests;
    expect(requests).toHaveLength(5);
    const [parentFirst, childFirst, childSecond, parentSecond, parentLast] = requests;
    for (const parent of [parentFirst!, parentSecond!, parentLast!]) expect(JSON.stringify(parent.body.messages)).not.toContain(BODY_MARKER);
    expect(JSON.stringify(childFirst!.body.messages)).toContain(`${BODY_MARKER}: audit src`);
    expect(lastToolResults(childSecond!)[0]!.is_error).toBeFalsy();
    expect(await exists(path.join(cwd, 'audited.txt'))).toBe(true);
    const answer = toolResultText(lastToolResults(parentSecond!)[0]!);
    expect(answer).toContain('ran in a general-purpose agent of its own');
    expect(answer).toContain('AUDIT-ANSWER: all clear');
    expect(lastToolResults(parentLast!)[0]!.is_error).toBe(true);
  });

  it('/audit asks the model to run the skill; the body stays out of the conversation', async () => {
    await writeFiles(cwd, AUDIT_SKILL);
    const run = await workspace.run([endTurn('Will do.')], ['-p', '/audit src', '--output-format', 'json']);
    workspace.server!.assertNoViolations();
    expect(JSON.parse(run.stdout).result).toBe('Will do.');
    const sent = JSON.stringify(workspace.server!.requests[0]!.body.messages);
    expect(sent).toContain('Run the audit skill now with the Skill tool with args \\"src\\"');
    expect(sent).not.toContain(BODY_MARKER);
  });

  it('a fork skill naming an agent type that does not exist is refused with the reason', async () => {
    await writeFiles(cwd, { '.claude/skills/odd/SKILL.md': '---\nname: odd\ndescription: Odd one.\ncontext: fork\nagent: no-such-agent\n---\nbody' });
    await workspace.run([turn(toolUse('Skill', { skill: 'odd' })), endTurn('ok')], ['-p', 'go', '--output-format', 'json']);
    const result = lastToolResults(workspace.server!.requests[1]!)[0]!;
    expect(result.is_error).toBe(true);
    expect(toolResultText(result)).toContain('names agent type "no-such-agent"');
  });
});
