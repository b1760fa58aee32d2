/**
 * Permission modes in words. Shared by the status line, /status and
 * /permissions so the same mode always reads the same (the Shift+Tab cycle
 * is PermissionState's: src/permissions/permissionState.ts).
 */
import type { PermissionMode } from '../contract/permissions.js';

/** The status-line label; the default mode shows nothing. */
export function modeStatusLabel(mode: PermissionMode): string | undefined {
  switch (mode) {
    case 'default':
      return undefined;
    case 'acceptEdits':
      return 'accept edits on';
    case 'plan':
      return 'plan mode on';
    case 'bypassPermissions':
      return 'bypass permissions on';
  }
}

export function describeMode(mode: PermissionMode): string {
  switch (mode) {
    case 'default':
      return 'default (reads run; edits and commands ask first)';
    case 'acceptEdits':
      return 'accept edits (file edits in the working folders run; commands ask)';
    case 'plan':
      return 'plan (nothing with side effects runs; the model proposes a plan)';
    case 'bypassPermissions':
      return 'bypass permissions (everything runs except what a deny rule names)';
  }
}
