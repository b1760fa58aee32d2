// MCP resources as `@server:uri` mentions: recognised only for this session's servers, completed in
// the prompt box from the servers' resource lists, and attached to a headless prompt through
// ReadMcpResource (server-everything's documents).
import { render } from 'ink-testing-library';
import { describe, expect, it, vi } from 'vitest';
import { completeResourceMention, mentionedResources } from '../../src/attachments/resourceMentions.js';
import { BUILTIN_COMMANDS } from '../../src/commands/builtinCommands.js';
import { createCommandRegistry } from '../../src/commands/registry.js';
import { PromptInput } from '../../src/ui/input/PromptInput.js';
import { startFakeAnthropic } from '../support/fakeAnthropic.js';
import { runCli, tempDir } from '../support/runCli.js';
import { endTurn } from '../support/scenario.js';
import { EVERYTHING, nodeServer } from './mcpTestSupport.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('@server:uri mentions', () => {
  it('count only for a server of this session; trailing punctuation is not part of the uri', () => {
    expect(mentionedResources('see @docs:file:///guide.md, and @src/app.ts and @other:x', ['docs'])).toEqual([
      { typed: 'docs:file:///guide.md', server: 'docs', uri: 'file:///guide.md' },
    ]);
  });

  it('complete from the listed resources by server:uri prefix', () => {
    const resources = [
      { server: 'docs', uri: 'file:///guide.md' },
      { server: 'docs', uri: 'file:///api.md' },
      { server: 'tracker', uri: 'issue://1' },
    ];
    expect(completeResourceMention(resources, 'do')).toEqual(['docs:file:///guide.md', 'docs:file:///api.md']);
    expect(completeResourceMention(resources, 'docs:file:///g')).toEqual(['docs:file:///guide.md']);
    expect(completeResourceMention(resources, 'x')).toEqual([]);
  });

  it('the prompt box suggests resources after @', async () => {
    const listResources = vi.fn(async () => [{ server: 'docs', uri: 'file:///guide.md' }]);
    const cwd = await tempDir('agentcli-resource-mention-');
    const effects = { submit: vi.fn(), interrupt: vi.fn(), cycleMode: vi.fn(), openTranscript: vi.fn(), exit: vi.fn() };
    const view = render(
      <PromptInput isActive isBusy={false} history={() => []} commands={createCommandRegistry(BUILTIN_COMMANDS)} cwd={cwd} columns={100} effects={effects} listResources={listResources} />,
    );
    await tick();
    view.stdin.write('read @doc');
    // The suggestions arrive asynchronously (the resource list is a promise): wait for them, however busy the machine.
    await vi.waitFor(() => expect(view.lastFrame()).toContain('docs:file:///guide.md'), { timeout: 5_000 });
    expect(listResources).toHaveBeenCalled();
    view.stdin.write('\t');
    await vi.waitFor(() => expect(view.lastFrame()).toContain('> read @docs:file:///guide.md'), { timeout: 5_000 });
    view.unmount();
  });

  it('headless: the mentioned resource is read with ReadMcpResource and attached to the prompt', async () => {
    const server = await startFakeAnthropic({ script: [endTurn('Read it.')] });
    try {
      const cwd = await tempDir('agentcli-resource-cwd-');
      const config = JSON.stringify({ mcpServers: { everything: nodeServer(EVERYTHING) } });
      const run = await runCli(['-p', 'summarise @everything:demo://resource/static/document/architecture.md', '--mcp-config', config], {
        cwd,
        env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', AGENTCLI_CONFIG_DIR: await tempDir('agentcli-resource-config-') },
      });
      expect(run.code).toBe(0);
      const content = server.requests[0]!.body.messages.at(-1).content as { type: string; text?: string }[];
      expect(content[0]!.text).toMatch(/^Contents of @everything:demo:\/\/resource\/static\/document\/architecture\.md:\n\[demo:\/\/resource\/static\/document\/architecture\.md \(text\/markdown\)\]\n/);
      expect(content.at(-1)).toMatchObject({ type: 'text', text: 'summarise @everything:demo://resource/static/document/architecture.md' });
    } finally {
      await server.close();
    }
  });
});
