// Property-based tests (fast-check) for every parser of outside input: transcript lines, stream-json
// input, the SDK control protocol, settings / CLAUDE.md rule lines / front matter, hook outputs,
// MCP server messages. The property each time: no crash, no hang, and a clear error value (a
// message for the user, never a thrown TypeError). Runs are bounded (numRuns, a time limit per
// property) so CI stays fast; a seed that ever failed is kept as an explicit case below.
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAgentFile } from '../../src/agents/parseAgentFile.js';
import { parseTemplate, readyToParse } from '../../src/commands/custom/commandTemplate.js';
import { headlessPrompts } from '../../src/entrypoints/headlessInput.js';
import { ControlChannel } from '../../src/entrypoints/sdk/controlChannel.js';
import { readSdkInput, userMessageOf } from '../../src/entrypoints/sdk/sdkInput.js';
import { verdictFromCommand } from '../../src/hooks/commandVerdict.js';
import { parseClaudeMdRules, parseSettingsJson } from '../../src/permissions/rules/ruleFileParsers.js';
import { toMcpToolOutput } from '../../src/services/mcp/mcpResultContent.js';
import { parseTranscript } from '../../src/session/transcript/loadTranscript.js';
import { toApiMessages } from '../../src/types/messages.js';
import { UserFacingError } from '../../src/utils/errors.js';
import { checkRequestInvariants } from '../support/fakeAnthropicInvariants.js';

/** Bounded runs: a property stops after this many cases or this long, whichever comes first. */
const RUNS = { numRuns: 200, interruptAfterTimeLimit: 4_000 } as const;

// --- generators of hostile-but-plausible input ---

/** Any JSON value, with the keys our formats use mixed in so parsers get past their first checks. */
const knownKeys = fc.constantFrom('type', 'uuid', 'parentUuid', 'message', 'role', 'content', 'text', 'tool_use_id', 'id', 'name', 'input', 'subtype', 'request_id', 'request', 'response', 'usage', 'permissions', 'allow', 'deny', 'ask', 'hookSpecificOutput', 'decision', 'isError');
const jsonish: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.constantFrom('user', 'assistant', 'tool_use', 'tool_result', 'text', 'image', 'control_request', 'control_response', 'success', 'error', 'compact_boundary'),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(knownKeys, fc.string({ maxLength: 6 })), tie('value'), { maxKeys: 5 }),
  ),
})).value;

const jsonLine = jsonish.map((value) => JSON.stringify(value) ?? 'null');
/** Lines of JSON, broken JSON, and cut-off JSON, with odd unicode. */
const anyLine = fc.oneof(jsonLine, fc.string({ unit: 'grapheme', maxLength: 40 }), jsonLine.chain((line) => fc.nat(line.length).map((cut) => line.slice(0, cut))));

// A real transcript's lines, to mutate: a prompt, a tool call, its result, an answer.
const validLines = [
  { uuid: 'u1', parentUuid: null, sessionId: 's', timestamp: 't', cwd: '/', version: '0', isSidechain: false, userType: 'external', type: 'user', message: { role: 'user', content: 'hello' } },
  { uuid: 'a1', parentUuid: 'u1', sessionId: 's', timestamp: 't', cwd: '/', version: '0', isSidechain: false, userType: 'external', type: 'assistant', message: { id: 'm', type: 'message', role: 'assistant', model: 'x', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Read', input: {} }], stop_reason: 'tool_use', stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } } },
  { uuid: 'r1', parentUuid: 'a1', sessionId: 's', timestamp: 't', cwd: '/', version: '0', isSidechain: false, userType: 'external', type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'ok' }] } },
  { uuid: 'a2', parentUuid: 'r1', sessionId: 's', timestamp: 't', cwd: '/', version: '0', isSidechain: false, userType: 'external', type: 'assistant', message: { id: 'm2', type: 'message', role: 'assistant', model: 'x', content: [{ type: 'text', text: 'done' }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } } },
].map((line) => JSON.stringify(line));

const mutatedTranscript = fc
  .array(fc.oneof(fc.constantFrom(...validLines), anyLine, fc.constantFrom(...validLines).chain((line) => fc.nat(line.length).map((cut) => line.slice(0, cut)))), { maxLength: 12 })
  .map((lines) => lines.join('\n'));

function expectValidForApi(messages: Parameters<typeof toApiMessages>[0]): void {
  if (messages.length === 0) return;
  expect(checkRequestInvariants({ model: 'm', max_tokens: 1, messages: toApiMessages(messages) })).toEqual([]);
}

describe('fuzz: transcript lines', () => {
  it('any text loads without throwing, and what it yields is valid for the API', () => {
    fc.assert(
      fc.property(fc.oneof(mutatedTranscript, fc.string({ unit: 'binary', maxLength: 400 })), (text) => {
        const loaded = parseTranscript(text);
        expectValidForApi(loaded.messages);
        for (const warning of loaded.warnings) expect(typeof warning).toBe('string');
      }),
      RUNS,
    );
  });

  // Kept seeds: shapes that once got through as messages the API refuses.
  it.each([
    ['an assistant line with no usage is not a message', `${validLines[0]}\n{"uuid":"a9","parentUuid":"u1","type":"assistant","message":{"content":[]}}`],
    ['a user line whose content is a number', '{"uuid":"u1","parentUuid":null,"type":"user","message":{"role":"user","content":5}}'],
    ['a cycle in the parent chain', '{"uuid":"u1","parentUuid":"u2","type":"user","message":{"role":"user","content":"a"}}\n{"uuid":"u2","parentUuid":"u1","type":"user","message":{"role":"user","content":"b"}}'],
  ])('%s', (_name, text) => {
    const loaded = parseTranscript(text);
    expectValidForApi(loaded.messages);
  });
});

describe('fuzz: stream-json input (-p --input-format stream-json)', () => {
  it('every line yields a prompt or stops with one UserFacingError naming the line', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(anyLine, { minLength: 1, maxLength: 6 }), async (lines) => {
        const stdin = Readable.from([`${lines.join('\n')}\n`]) as unknown as NodeJS.ReadStream;
        try {
          for await (const prompt of headlessPrompts(undefined, 'stream-json', stdin)) expect(typeof prompt).toBe('string');
        } catch (error) {
          expect(error).toBeInstanceOf(UserFacingError);
          expect((error as Error).message).toMatch(/^stdin line \d+ /);
        }
      }),
      { ...RUNS, numRuns: 100 },
    );
  });
});

describe('fuzz: the SDK control protocol and user messages on stdin', () => {
  it('every line is dispatched, answered or reported as a problem string; nothing throws', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            anyLine,
            fc.record({ type: fc.constantFrom('control_request', 'control_response', 'control_cancel_request', 'user', 'keep_alive'), request_id: fc.oneof(fc.string(), fc.integer()), request: jsonish, response: jsonish, message: jsonish }).map((value) => JSON.stringify(value)),
          ),
          { maxLength: 8 },
        ),
        async (lines) => {
          const written: unknown[] = [];
          const problems: string[] = [];
          const channel = new ControlChannel({ writeLine: (line) => void written.push(line), onProblem: (problem) => void problems.push(problem) });
          channel.handle('interrupt', async () => ({}));
          let ended = false;
          readSdkInput(Readable.from([`${lines.join('\n')}\n`]), {
            channel,
            onUserMessage: (message) => expect(message.content === undefined ? '' : message.content).toBeTruthy(),
            onProblem: (problem) => void problems.push(problem),
            onEnd: () => {
              ended = true;
            },
          });
          await new Promise((resolve) => setTimeout(resolve, 0));
          for (let wait = 0; !ended && wait < 100; wait++) await new Promise((resolve) => setTimeout(resolve, 1));
          expect(ended).toBe(true);
          for (const problem of problems) expect(typeof problem).toBe('string');
          for (const line of written) expect(JSON.stringify(line)).toMatch(/"type":"control_response"/);
        },
      ),
      { ...RUNS, numRuns: 80 },
    );
  });

  it('userMessageOf: a message or the reason it is not one', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.oneof(knownKeys, fc.string({ maxLength: 4 })), jsonish, { maxKeys: 4 }), (line) => {
        const message = userMessageOf(line);
        if (typeof message === 'string') expect(message.length).toBeGreaterThan(0);
        else expect(message.content).toBeTruthy();
      }),
      RUNS,
    );
  });
});

describe('fuzz: settings, CLAUDE.md rule lines, front matter', () => {
  // Front matter parses synchronously once a reader has loaded the YAML library.
  beforeAll(() => readyToParse('---\n---\n'));

  const source = { kind: 'projectSettings', origin: '/p/.claude/settings.json', fromRepository: true } as const;

  it('settings.json text: rules and errors that name the file, never a throw', () => {
    fc.assert(
      fc.property(fc.oneof(jsonLine, fc.string(), jsonish.map((value) => JSON.stringify({ permissions: value }))), (text) => {
        const parsed = parseSettingsJson(text, source);
        for (const error of parsed.errors) expect(JSON.stringify(error)).toContain('settings.json');
      }),
      RUNS,
    );
  });

  it('CLAUDE.md rule lines: every unparsable rule line is an error with its line number', () => {
    const ruleLine = fc.tuple(fc.constantFrom('allow', 'ask', 'deny', '- deny', '* allow', 'Allow'), fc.string({ unit: 'grapheme', maxLength: 30 })).map(([keyword, rest]) => `${keyword}: ${rest}`);
    fc.assert(
      fc.property(fc.array(fc.oneof(ruleLine, fc.string({ maxLength: 30 })), { maxLength: 10 }), (lines) => {
        const parsed = parseClaudeMdRules(lines.join('\n'), { kind: 'claudeMd', origin: '/p/CLAUDE.md', fromRepository: true });
        for (const error of parsed.errors) expect(JSON.stringify(error)).toMatch(/CLAUDE\.md/);
      }),
      RUNS,
    );
  });

  const frontMatter = fc
    .tuple(
      fc.array(
        fc.oneof(
          fc.string({ maxLength: 30 }),
          fc.tuple(fc.constantFrom('name', 'description', 'tools', 'model', 'allowed-tools', 'argument-hint'), fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('*a', '&a x', '!g x', '!!binary x', '[a, b', '{a: 1}', '|\n  text'))).map(([key, value]) => `${key}: ${value}`),
        ),
        { maxLength: 6 },
      ),
      fc.boolean(),
      fc.string({ maxLength: 40 }),
    )
    .map(([lines, closed, body]) => ['---', ...lines, ...(closed ? ['---'] : []), body].join('\n'));

  it('agent files: an agent or one error naming the file and line', () => {
    fc.assert(
      fc.property(fc.oneof(frontMatter, fc.string()), (text) => {
        const parsed = parseAgentFile(text, '/p/.claude/agents/x.md', 'project');
        if (!parsed.ok) expect(parsed.error).toMatch(/^\/p\/\.claude\/agents\/x\.md:\d+: /);
      }),
      RUNS,
    );
  });

  // Kept seed: an alias to an anchor never set made the YAML library throw while building values.
  it.each(['---\nname: *!\n---\n', '---\nname: !g x\ndescription: *a\n---\n'])('agent file %j: one error, no throw', (text) => {
    const parsed = parseAgentFile(text, '/p/.claude/agents/x.md', 'project');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(/^\/p\/\.claude\/agents\/x\.md:\d+: invalid YAML frontmatter/);
  });

  it('custom command templates: parsed, never a throw', () => {
    fc.assert(
      fc.property(fc.oneof(frontMatter, fc.string()), (text) => {
        const parsed = parseTemplate(text);
        expect(parsed).toBeDefined();
      }),
      RUNS,
    );
  });
});

describe('fuzz: hook outputs', () => {
  it('any stdout, stderr and exit of a hook command becomes a verdict', () => {
    const events = ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'SessionStart', 'Notification'] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...events),
        fc.oneof(fc.string(), jsonLine, jsonish.map((value) => JSON.stringify({ hookSpecificOutput: value, decision: 'block', reason: value }))),
        fc.string({ maxLength: 30 }),
        fc.option(fc.integer({ min: -1, max: 255 }), { nil: null }),
        (event, stdout, stderr, exitCode) => {
          const verdict = verdictFromCommand(event, 'hook.sh', { exitCode, signal: null, stdout, stderr });
          expect(verdict.hook).toBe('hook.sh');
          expect(typeof verdict.outcome).toBe('string');
        },
      ),
      RUNS,
    );
  });
});

describe('fuzz: MCP server messages', () => {
  it('any tools/call result becomes blocks the API accepts', () => {
    const item = fc.oneof(
      jsonish,
      fc.record({ type: fc.constantFrom('text', 'image', 'resource', 'resource_link', 'audio'), text: jsonish, data: fc.oneof(fc.base64String({ maxLength: 40 }), jsonish), mimeType: fc.oneof(fc.constantFrom('image/png', 'image/svg+xml', 'text/plain'), jsonish), resource: jsonish, uri: jsonish }),
    );
    fc.assert(
      fc.property(fc.oneof(jsonish, fc.record({ content: fc.array(item, { maxLength: 4 }), isError: jsonish, structuredContent: jsonish, toolResult: jsonish })), (result) => {
        const output = toMcpToolOutput(result, 'fuzz');
        expect(output.content.length).toBeGreaterThan(0);
        for (const block of output.content) {
          expect(['text', 'image']).toContain(block.type);
          if (block.type === 'text') expect(typeof block.text).toBe('string');
        }
        expect(mcpResultProblems(output.content)).toEqual([]);
      }),
      RUNS,
    );
  });

  /** What the API would refuse in these blocks, sent the way they are: as a tool_result's content. */
  function mcpResultProblems(content: ReturnType<typeof toMcpToolOutput>['content']): string[] {
    const blank = content.filter((block) => block.type === 'text' && block.text.trim() === '').map(() => 'a blank text block');
    const messages = [
      { role: 'user', content: 'call it' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'mcp__fuzz__t', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content }] },
    ];
    return [...blank, ...checkRequestInvariants({ model: 'm', max_tokens: 1, messages })];
  }

  // Kept seeds (found by the property above).
  it.each([
    ['a text item whose text is null', { content: [{ type: 'text', text: null }] }],
    ['a mimeType that is an object without a prototype', { content: [{ type: 'image', data: null, mimeType: Object.create(null) }] }],
    ['an image whose data is not the declared type', { content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] }],
    ['a resource link whose uri is an object', { content: [{ type: 'resource_link', uri: { a: 1 }, name: Object.create(null) }] }],
  ])('%s', (_name, result) => {
    const output = toMcpToolOutput(result, 'fuzz');
    expect(mcpResultProblems(output.content)).toEqual([]);
  });
});
