// Stop and SubagentStop hooks as real processes in the real loop, with transcripts on disk: a hook
// reads transcript_path (and agent_transcript_path) from its stdin and finds the conversation so far
// there; a blocking SubagentStop hook sends the child back to work before the parent gets its answer.
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_STOP_HOOK_CONTINUATIONS } from '../../src/query.js';
import { GlobTool } from '../../src/tools/GlobTool/GlobTool.js';
import { conversations, requestsOf } from '../support/agentConversations.js';
import type { RecordedRequest } from '../support/fakeAnthropic.js';
import { resultText, runScenario, type ScenarioResult } from '../support/queryHarness.js';
import { tempDir } from '../support/runCli.js';
import { endTurn, lastToolResults, toolUse, turn } from '../support/scenario.js';

let scenario: ScenarioResult | undefined;
afterEach(async () => {
  await scenario?.cleanup();
  scenario = undefined;
});

/** Prints one field of the hook input given on stdin (hooks run under sh; node is surely there). */
const field = (name: string): string =>
  `printf '%s' "$input" | "${process.execPath}" -e 'let s="";process.stdin.on("data",(d)=>s+=d).on("end",()=>process.stdout.write(String(JSON.parse(s)["${name}"] ?? "")))'`;

/**
 * A hook script that keeps every input it got (inputs.jsonl) and a copy of each transcript it was
 * pointed at, as it was at that moment (<field>-<n>.jsonl), then runs `then`.
 */
function recordingHook(fields: readonly string[], then: string): string {
  const copies = fields.map((name) => `cp "$(${field(name)})" "$CLAUDE_PROJECT_DIR/${name}-$n.jsonl"`).join('\n');
  return `input=$(cat)\nprintf '%s\\n' "$input" >> "$CLAUDE_PROJECT_DIR/inputs.jsonl"\nn=$(wc -l < "$CLAUDE_PROJECT_DIR/inputs.jsonl" | tr -d ' ')\n${copies}\n${then}\n`;
}

async function projectWithHook(event: string, script: string, matcher = ''): Promise<string> {
  const cwd = await tempDir();
  await mkdir(path.join(cwd, '.claude'));
  await writeFile(path.join(cwd, 'hook.sh'), script);
  const hooks = { [event]: [{ matcher, hooks: [{ type: 'command', command: `sh ${path.join(cwd, 'hook.sh')}` }] }] };
  await writeFile(path.join(cwd, '.claude', 'settings.json'), JSON.stringify({ hooks }));
  return cwd;
}

async function jsonLines(file: string): Promise<Record<string, unknown>[]> {
  return (await readFile(file, 'utf8')).split('\n').filter(Boolean).map((line) => JSON.parse(line));
}

function lastMessageText(request: RecordedRequest): string {
  return resultText(request.body.messages.at(-1).content);
}

describe('Stop hooks read the session transcript', () => {
  it('a Stop hook greps transcript_path: the JSONL holds the conversation so far, the latest answer included', async () => {
    const script = recordingHook(['transcript_path'], `if ! grep -q "ALL TESTS PASS" "$(${field('transcript_path')})"; then echo "no passing test run in the transcript" >&2; exit 2; fi`);
    const cwd = await projectWithHook('Stop', script);
    scenario = await runScenario({ cwd, persist: true, tools: [], prompt: 'fix the parser bug', script: [endTurn('I changed the parser.'), endTurn('Ran npm test: ALL TESTS PASS')] });
    expect(scenario.outcome.reason).toBe('completed');
    // The first answer had no passing run in it: the hook found that in the file and sent the model back.
    expect(scenario.server.requests).toHaveLength(2);
    expect(lastMessageText(scenario.server.requests[1]!)).toContain('no passing test run in the transcript');
    const inputs = await jsonLines(path.join(cwd, 'inputs.jsonl'));
    expect(inputs).toHaveLength(2);
    expect(inputs[0]!.transcript_path).toMatch(new RegExp(`${scenario.session.id}\\.jsonl$`));
    const seen = await jsonLines(path.join(cwd, 'transcript_path-1.jsonl'));
    const text = JSON.stringify(seen);
    expect(text).toContain('fix the parser bug');
    expect(text).toContain('I changed the parser.');
    expect(text).not.toContain('ALL TESTS PASS');
    expect(seen.filter((line) => line.type === 'user' || line.type === 'assistant').every((line) => line.sessionId === scenario!.session.id)).toBe(true);
    expect(JSON.stringify(await jsonLines(path.join(cwd, 'transcript_path-2.jsonl')))).toContain('ALL TESTS PASS');
  });
});

describe('SubagentStop hooks', () => {
  const parentScript = [turn(toolUse('Agent', { description: 'find the answer', prompt: 'child task: find it' }, { id: 'toolu_agent' })), endTurn('parent done')];

  it('exit 2 sends the child back to work with the reason; the parent gets the answer after that', async () => {
    const script = recordingHook(
      ['transcript_path', 'agent_transcript_path'],
      `if ! grep -q VERIFIED "$(${field('agent_transcript_path')})"; then echo "check the answer against the source" >&2; exit 2; fi`,
    );
    const cwd = await projectWithHook('SubagentStop', script);
    scenario = await runScenario({
      cwd,
      persist: true,
      tools: [GlobTool],
      agents: {},
      prompt: 'parent prompt',
      script: conversations({ 'parent prompt': parentScript, 'child task: find it': [endTurn('the answer is 41'), endTurn('VERIFIED: the answer is 42')] }),
    });
    expect(scenario.outcome.reason).toBe('completed');
    scenario.server.assertNoViolations();
    // The child made one more request, carrying the hook's reason as its next input.
    const child = requestsOf(scenario.server.requests, 'child task: find it');
    expect(child).toHaveLength(2);
    expect(lastMessageText(child[1]!)).toContain('check the answer against the source');
    expect(JSON.stringify(child[1]!.body.messages)).toContain('the answer is 41');
    // The parent saw only the answer given after the hook let the child stop.
    const parent = requestsOf(scenario.server.requests, 'parent prompt');
    expect(parent).toHaveLength(2);
    const agentResult = resultText(lastToolResults(parent[1]!)[0]!.content);
    expect(agentResult).toMatch(/^VERIFIED: the answer is 42\n\n\[general-purpose agent: /);
    expect(agentResult).not.toContain('41');

    const inputs = await jsonLines(path.join(cwd, 'inputs.jsonl'));
    expect(inputs.map((input) => input.stop_hook_active)).toEqual([false, true]);
    expect(inputs[0]).toMatchObject({ hook_event_name: 'SubagentStop', agent_type: 'general-purpose', session_id: scenario.session.id, cwd });
    expect(inputs[0]!.transcript_path).toMatch(new RegExp(`${scenario.session.id}\\.jsonl$`));
    expect(inputs[0]!.agent_transcript_path).toMatch(new RegExp(`${scenario.session.id}/subagents/agent-${String(inputs[0]!.agent_id)}\\.jsonl$`));
    // The child's sidechain, as the hook found it: the delegated prompt and the child's answer so far.
    const sidechain = await jsonLines(path.join(cwd, 'agent_transcript_path-1.jsonl'));
    expect(JSON.stringify(sidechain)).toContain('child task: find it');
    expect(JSON.stringify(sidechain)).toContain('the answer is 41');
    expect(sidechain.filter((line) => line.type === 'user' || line.type === 'assistant').every((line) => line.isSidechain === true)).toBe(true);
    // transcript_path is the main session's (Claude Code's meaning): the parent's conversation so far.
    const main = JSON.stringify(await jsonLines(path.join(cwd, 'transcript_path-1.jsonl')));
    expect(main).toContain('parent prompt');
    expect(main).toContain('toolu_agent');
    expect(main).not.toContain('the answer is 41');
  });

  it('{"decision":"block"} that never relents is obeyed a bounded number of times, then the parent gets the last answer', async () => {
    const cwd = await projectWithHook('SubagentStop', `cat >> "$CLAUDE_PROJECT_DIR/inputs.jsonl"; echo >> "$CLAUDE_PROJECT_DIR/inputs.jsonl"\necho '{"decision":"block","reason":"dig deeper"}'\n`);
    let attempt = 0;
    scenario = await runScenario({
      cwd,
      tools: [],
      agents: {},
      prompt: 'parent prompt',
      script: conversations({ 'parent prompt': parentScript, 'child task: find it': Array.from({ length: 10 }, () => () => endTurn(`attempt ${++attempt}`)) }),
    });
    expect(scenario.outcome.reason).toBe('completed');
    const child = requestsOf(scenario.server.requests, 'child task: find it');
    expect(child).toHaveLength(1 + MAX_STOP_HOOK_CONTINUATIONS);
    expect(lastMessageText(child[1]!)).toContain('dig deeper');
    const inputs = await jsonLines(path.join(cwd, 'inputs.jsonl'));
    expect(inputs.map((input) => input.stop_hook_active)).toEqual([false, ...Array.from({ length: MAX_STOP_HOOK_CONTINUATIONS }, () => true)]);
    const parent = requestsOf(scenario.server.requests, 'parent prompt');
    expect(resultText(lastToolResults(parent[1]!)[0]!.content)).toMatch(new RegExp(`^attempt ${1 + MAX_STOP_HOOK_CONTINUATIONS}\\n`));
  });

  it("a tool hook inside a child names the main session and its transcript, as Claude Code's do", async () => {
    const cwd = await projectWithHook('PreToolUse', recordingHook(['transcript_path'], ''), 'Glob');
    scenario = await runScenario({
      cwd,
      persist: true,
      tools: [GlobTool],
      agents: {},
      prompt: 'parent prompt',
      script: conversations({ 'parent prompt': parentScript, 'child task: find it': [turn(toolUse('Glob', { pattern: '*.sh' })), endTurn('found hook.sh')] }),
    });
    expect(scenario.outcome.reason).toBe('completed');
    const [input] = await jsonLines(path.join(cwd, 'inputs.jsonl'));
    expect(input).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Glob', session_id: scenario.session.id });
    expect(input!.transcript_path).toMatch(new RegExp(`${scenario.session.id}\\.jsonl$`));
    expect(JSON.stringify(await jsonLines(path.join(cwd, 'transcript_path-1.jsonl')))).toContain('parent prompt');
  });

  it('matches on the agent type; the main conversation\'s end is not a SubagentStop', async () => {
    const cwd = await projectWithHook('SubagentStop', `cat >> "$CLAUDE_PROJECT_DIR/inputs.jsonl"; echo >> "$CLAUDE_PROJECT_DIR/inputs.jsonl"\n`, 'Explore');
    scenario = await runScenario({
      cwd,
      tools: [GlobTool],
      agents: {},
      prompt: 'parent prompt',
      script: conversations({
        'parent prompt': [
          turn(
            toolUse('Agent', { description: 'general', prompt: 'general task' }),
            toolUse('Agent', { description: 'explore', prompt: 'explore task', subagent_type: 'Explore' }),
          ),
          endTurn('parent done'),
        ],
        'general task': [endTurn('general answer')],
        'explore task': [endTurn('explore answer')],
      }),
    });
    expect(scenario.outcome.reason).toBe('completed');
    const inputs = await jsonLines(path.join(cwd, 'inputs.jsonl'));
    expect(inputs.map((input) => input.agent_type)).toEqual(['Explore']);
  });
});
