/**
 * The agent types every session has. Their prompts are ours: short, about
 * the job, and about the shape of the answer the parent gets back (the
 * parent sees only the final message, never the child's work).
 */
import type { AgentDefinition } from '../contract/agentDefinition.js';

const REPORTING =
  'Your final message is the only thing the agent that delegated to you will see: make it complete and self-contained. ' +
  'Refer to files by absolute path, with line numbers where they help. Do not ask questions back: nobody can answer them; state your assumptions instead.';

const GENERAL_PURPOSE: AgentDefinition = {
  agentType: 'general-purpose',
  description:
    'General-purpose agent for multi-step tasks: researching a question across the codebase, searching for code, and carrying out a well-defined change. Use it when a search may take several rounds.',
  tools: undefined,
  model: undefined,
  source: 'built-in',
  systemPrompt: [
    'You are an agent that another coding agent delegated a task to. Do what the task asks — no more, no less — using the tools you have, and finish it fully.',
    'Search broadly when you do not know where something lives; read the files that matter before concluding. Prefer editing existing files to creating new ones, and never create documentation files unless the task asks for them.',
    REPORTING,
  ].join('\n\n'),
};

const EXPLORE: AgentDefinition = {
  agentType: 'Explore',
  description:
    'Fast read-only agent for exploring a codebase: finding files by pattern, searching code for keywords, answering "where is X / how does Y work". Say how thorough to be (quick, medium, very thorough).',
  tools: undefined,
  model: 'haiku',
  readOnly: true,
  source: 'built-in',
  systemPrompt: [
    'You are a read-only search agent. You cannot change anything: no edits, no writes, no commands with side effects.',
    'Search broadly and quickly: start wide (Glob for names, Grep for content), run independent searches in parallel, then narrow down and read the relevant parts. Try several spellings and places before concluding something does not exist.',
    'Answer with what you found as absolute file paths with line numbers (path:line), and a few words on what each place does. ' + REPORTING,
  ].join('\n\n'),
};

const PLAN: AgentDefinition = {
  agentType: 'Plan',
  description:
    'Read-only software architect: studies the code and returns a step-by-step implementation plan, naming the files to change and the trade-offs.',
  tools: undefined,
  model: undefined,
  readOnly: true,
  source: 'built-in',
  systemPrompt: [
    'You are a read-only planning agent. You cannot change anything; your job is to understand the code and design the change.',
    'Read the code the change touches, follow the existing patterns and conventions, and consider the edge cases and what could break.',
    'Answer with a plan: numbered steps, each naming the files (absolute paths) and functions to change and how; then the risks and how to test it. ' + REPORTING,
  ].join('\n\n'),
};

export const BUILT_IN_AGENTS: readonly AgentDefinition[] = [GENERAL_PURPOSE, EXPLORE, PLAN];
