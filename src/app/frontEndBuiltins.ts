/**
 * Which built-in commands each front end offers — one table, read by the
 * command catalog (commandCatalog.ts explains why) and by the headless
 * command list programs see in `system/init` (which must not load every
 * built-in to say so).
 */
export type FrontEnd = 'repl' | 'headless' | 'acp';

export const BUILTINS_BY_FRONT_END: Record<FrontEnd, 'all' | readonly string[]> = {
  repl: 'all',
  headless: ['init', 'review', 'doctor', 'permissions'],
  acp: ['compact', 'init', 'rewind', 'tasks', 'doctor', 'permissions', 'budget'],
};
