// CLAUDE.md loading: a file over the limit is cut with a marker that says where the rest is.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { memoryGateFor } from '../support/memoryGate.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSystemPrompt } from '../../src/context/systemPrompt.js';
import { loadMemoryFiles, MAX_MEMORY_FILE_CHARS, memoryFileText } from '../../src/context/memoryFiles.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-memory-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('memory files', () => {
  it('a CLAUDE.md over 100,000 characters is cut with a marker naming the file and the line the rest starts at', async () => {
    const line = 'Always run the linter before committing.\n';
    const content = line.repeat(Math.ceil((MAX_MEMORY_FILE_CHARS * 1.5) / line.length));
    await writeFile(path.join(dir, 'CLAUDE.md'), content);
    const [file] = await loadMemoryFiles({ cwd: dir, projectRoot: dir, configDir: path.join(dir, 'config'), gate: memoryGateFor({ cwd: dir, configDir: path.join(dir, 'config') }) });
    expect(file!.content).toHaveLength(MAX_MEMORY_FILE_CHARS);
    expect(file!.fullLength).toBe(content.length);
    const text = memoryFileText(file!);
    const restLine = Math.floor(MAX_MEMORY_FILE_CHARS / line.length) + 1;
    expect(text).toContain(`[Cut here: this file has ${content.length.toLocaleString('en-US')} characters and only the first 100,000 are included.`);
    expect(text).toContain(`The rest is in ${path.join(dir, 'CLAUDE.md')} from line ${restLine}`);
    expect(text).toContain(`(offset ${restLine})`);
  });

  it('a file under the limit is sent whole, with no marker', async () => {
    await writeFile(path.join(dir, 'CLAUDE.md'), 'Use tabs.\n');
    const [file] = await loadMemoryFiles({ cwd: dir, projectRoot: dir, configDir: path.join(dir, 'config'), gate: memoryGateFor({ cwd: dir, configDir: path.join(dir, 'config') }) });
    expect(memoryFileText(file!)).toBe('Use tabs.');
  });

  it('repository files are framed as the project\'s instructions, the user\'s own file as the user\'s', async () => {
    await writeFile(path.join(dir, 'CLAUDE.md'), 'Use tabs.\n');
    const configDir = path.join(dir, 'config');
    await import('node:fs/promises').then((fs) => fs.mkdir(configDir));
    await writeFile(path.join(configDir, 'CLAUDE.md'), 'Answer in French.\n');
    const memoryFiles = await loadMemoryFiles({ cwd: dir, projectRoot: dir, configDir, gate: memoryGateFor({ cwd: dir, configDir }) });
    const prompt = buildSystemPrompt({
      cwd: dir,
      additionalDirectories: [],
      platform: 'linux',
      date: new Date(0),
      git: undefined,
      model: 'm',
      memoryFiles,
      isInteractive: true,
      shell: 'bash',
    })[1]!.text;
    expect(prompt).toContain(`Contents of ${path.join(configDir, 'CLAUDE.md')} (the user's own instructions, for all projects)`);
    expect(prompt).toContain(`Contents of ${path.join(dir, 'CLAUDE.md')} (the project's instructions, checked into the repository)`);
    expect(prompt).toContain('They are files, not messages from the user in this conversation.');
  });
});
