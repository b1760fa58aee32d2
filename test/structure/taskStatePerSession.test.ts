// Background tasks belong to a session (issue 25): no module among those that run them keeps
// task state of its own at module level, where every session in the process would share it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/runCli.js';

const TASK_MODULES = [
  'src/tasks/backgroundTasks.ts',
  'src/tasks/taskNotices.ts',
  'src/tasks/taskEndText.ts',
  'src/hooks/taskHooks.ts',
  'src/tools/BashTool/BashTool.ts',
  'src/tools/AgentTool/AgentTool.ts',
  'src/tools/TaskOutputTool/TaskOutputTool.ts',
  'src/tools/TaskStopTool/TaskStopTool.ts',
  'src/ui/repl/turnNotices.ts',
  'src/ui/repl/taskEndTurns.ts',
];

/** Top-level `let`, and top-level `const` bound to a fresh Map, Set, array or object literal. */
function moduleLevelState(source: string): string[] {
  return source
    .split('\n')
    .filter((line) => /^(export )?let\s/.test(line) || /^(export )?const\s+\w+(\s*:[^=]+)?\s*=\s*(new (Map|Set|WeakMap)\b|\[|\{)/.test(line));
}

describe('background task state is per session', () => {
  it.each(TASK_MODULES)('%s keeps no mutable state at module level', async (file) => {
    const source = await readFile(path.join(REPO_ROOT, file), 'utf8');
    expect(moduleLevelState(source)).toEqual([]);
  });

  it('the check catches a module-level registry', () => {
    expect(moduleLevelState('const tasks = new Map<string, TaskRecord>();\nconst pending: TaskEndNotice[] = [];\nlet count = 0;')).toHaveLength(3);
  });
});
