import type { SlashCommand } from '../types.js';

/**
 * The model writes the project's CLAUDE.md itself, through its normal tools
 * and permission checks (the user approves the Write like any other edit).
 * When the turn ends the memory is read again, so the new CLAUDE.md is in
 * force from the next request without a restart.
 */
export const INIT_PROMPT = `Write a CLAUDE.md file for this repository: instructions for coding agents (and people) who will work in it.

First explore: read the README, the package manifest(s) and their scripts, the build and CI configuration, and a few representative source and test files. If a CLAUDE.md, AGENTS.md or similar agent-instructions file already exists, read it and improve it instead of starting over; keep what is still true.

Then write CLAUDE.md at the repository root with, concisely:
- the commands to build, test (all tests and a single test), lint and typecheck, exactly as this project runs them;
- the architecture in a few lines: the main folders and how the pieces fit, what is not obvious from reading one file;
- the conventions a newcomer would get wrong: code style, naming, error handling, test layout, anything the project insists on.

Keep it short and specific to this repository: no generic advice, no lists of every file, nothing you did not check. Do not include secrets.`;

export const initCommand: SlashCommand = {
  name: 'init',
  description: 'Ask the model to write (or improve) CLAUDE.md for this repository',
  run() {
    return { type: 'prompt', prompt: INIT_PROMPT, reloadsMemory: true };
  },
};
