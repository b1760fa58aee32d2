// Helpers for the Bash / background-task tests: run tool calls through the real loop and
// pipeline against the fake model server, and check that processes really are gone.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Tool } from '../../../src/contract/tool.js';
import type { QueryEvent } from '../../../src/query.js';
import type { ToolCallOutcome } from '../../../src/services/tools/toolExecution.js';
import type { ScriptedBlock } from '../../support/fakeAnthropic.js';
import { resultText, runScenario, toolResultEvents, type ScenarioResult } from '../../support/queryHarness.js';
import { endTurn, turn } from '../../support/scenario.js';

export { isRunning } from '../../support/processState.js';

export type ToolRun = {
  readonly scenario: ScenarioResult;
  /** Every tool call's outcome, in tool_use order across turns. */
  readonly outcomes: readonly ToolCallOutcome[];
  readonly texts: readonly string[];
  readonly events: readonly QueryEvent[];
};

/** Each inner array is one model turn's tool_use blocks; a final text turn ends the run. */
export async function runTurns(
  tools: Tool[],
  turns: ScriptedBlock[][],
  options: { cwd?: string; signal?: AbortSignal; onEvent?: (event: QueryEvent) => void } = {},
): Promise<ToolRun> {
  const scenario = await runScenario({
    tools,
    script: [...turns.map((blocks) => turn(...blocks)), endTurn('done')],
    ...options,
  });
  const outcomes = toolResultEvents(scenario.events).map(({ outcome }) => outcome);
  return {
    scenario,
    outcomes,
    texts: outcomes.map((outcome) => resultText(outcome.result.content)),
    events: scenario.events.map(({ event }) => event),
  };
}

export async function readPid(dir: string, name: string): Promise<number> {
  const text = await readFile(path.join(dir, name), 'utf8');
  const pid = Number.parseInt(text.trim(), 10);
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`no pid in ${name}: ${JSON.stringify(text)}`);
  return pid;
}

/** Polls (bounded) for a file to appear; used only to sequence a test, never to assert timing. */
export async function waitForFile(file: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await readFile(file);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${file} did not appear`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
