/**
 * The permission modes as ACP session modes (the editor's mode picker).
 * All four are offered: choosing "Bypass permissions" in the editor is the
 * same deliberate act as starting with --permission-mode bypassPermissions,
 * and deny rules still hold in it.
 */
import type { SessionModeState } from '@agentclientprotocol/sdk';
import { PERMISSION_MODES, type PermissionMode } from '../../contract/permissions.js';

const MODE_WORDS: Record<PermissionMode, { readonly name: string; readonly description: string }> = {
  default: { name: 'Default', description: 'Reads run; edits and commands ask first' },
  acceptEdits: { name: 'Accept edits', description: 'File edits in the working folders run; commands ask' },
  plan: { name: 'Plan', description: 'Nothing with side effects runs; the model explores and proposes a plan' },
  bypassPermissions: { name: 'Bypass permissions', description: 'Everything runs except what a deny rule names' },
};

export function modeState(current: PermissionMode): SessionModeState {
  return {
    currentModeId: current,
    availableModes: PERMISSION_MODES.map((mode) => ({ id: mode, ...MODE_WORDS[mode] })),
  };
}
