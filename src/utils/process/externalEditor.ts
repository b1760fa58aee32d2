/**
 * The user's text editor, for files they edit themselves (`/memory`):
 * `$VISUAL`, then `$EDITOR` (either may carry arguments, `code --wait`),
 * then the first of vi, nano, vim found on PATH. Runs in the foreground with
 * the terminal to itself.
 *
 * The editor runs with spawnSync on purpose: while Node's event loop is
 * blocked nothing reads the terminal, so no keystroke meant for the editor
 * is taken by the REPL (a paused tty stream keeps reading from the device;
 * only a blocked loop does not). The REPL opens it only between turns.
 */
import { accessSync, constants } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export type EditorRun = { readonly ok: true; readonly editor: string } | { readonly ok: false; readonly reason: string };

const DEFAULT_EDITORS = ['vi', 'nano', 'vim'];

/** The editor command line, or undefined when none is set and none of the defaults is installed. */
export function resolveEditor(env: NodeJS.ProcessEnv): string | undefined {
  for (const name of ['VISUAL', 'EDITOR'] as const) {
    const value = env[name]?.trim();
    if (value) return value;
  }
  return DEFAULT_EDITORS.find((name) => onPath(name, env.PATH ?? ''));
}

/** Opens `file` in the editor and waits for it to exit (the caller has handed it the terminal). */
export function runEditorInForeground(file: string, env: NodeJS.ProcessEnv): EditorRun {
  const editor = resolveEditor(env);
  if (!editor) return { ok: false, reason: 'no editor found: set $EDITOR (or $VISUAL), e.g. export EDITOR=nano' };
  // Through the shell, so an editor given with arguments works; the file travels as "$1", never as shell text.
  const run = spawnSync('/bin/sh', ['-c', `${editor} "$1"`, 'editor', file], { stdio: 'inherit', env });
  if (run.error) return { ok: false, reason: `${editor} could not start: ${run.error.message}` };
  if (run.status !== 0) return { ok: false, reason: run.signal ? `${editor} was stopped by ${run.signal}` : `${editor} exited with status ${run.status}` };
  return { ok: true, editor };
}

function onPath(name: string, searchPath: string): boolean {
  return searchPath.split(path.delimiter).some((dir) => {
    if (!dir) return false;
    try {
      accessSync(path.join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}
