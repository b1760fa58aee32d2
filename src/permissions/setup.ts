/**
 * Builds the session's permission context and decision function from the
 * CLI options. Mode-only until the rule engine lands; the signature is the
 * seam it fills in.
 */
import path from 'node:path';
import type { CanUseToolFn } from './canUseTool.js';
import { canUseToolByMode, emptyRuleSet } from './canUseTool.js';
import type { PermissionMode, ToolPermissionContext } from './types.js';

export type PermissionSetupOptions = {
  readonly cwd: string;
  readonly configDir: string;
  readonly mode: PermissionMode | undefined;
  readonly additionalDirectories: readonly string[];
  readonly allowedTools: readonly string[];
  readonly disallowedTools: readonly string[];
  /** Whether repository-sourced allow rules apply (headless: yes; REPL: once the folder is trusted). */
  readonly isTrusted: boolean;
  readonly isBypassAvailable: boolean;
};

export type PermissionSetup = {
  readonly context: ToolPermissionContext;
  readonly canUseTool: CanUseToolFn;
};

export async function setupPermissions(options: PermissionSetupOptions): Promise<PermissionSetup> {
  const workingDirectories = [options.cwd, ...options.additionalDirectories].map((dir) => path.resolve(options.cwd, dir));
  return {
    context: {
      mode: options.mode ?? 'default',
      workingDirectories,
      isBypassAvailable: options.isBypassAvailable || options.mode === 'bypassPermissions',
      rules: emptyRuleSet(),
    },
    canUseTool: canUseToolByMode,
  };
}
