/**
 * Each tool's render functions live in its UI.tsx, loaded on first use
 * through `tool.ui()`. Rendering is synchronous, so components ask for what
 * has loaded and fall back to the generic rendering meanwhile; the
 * transcript waits (whenToolRenderersReady) before printing a tool's final
 * lines into <Static>.
 */
import type { Tool } from '../../contract/tool.js';
import type { ToolRenderers } from '../../contract/toolRenderers.js';

export type AnyToolRenderers = ToolRenderers<unknown, unknown, unknown>;

const loaded = new WeakMap<Tool, AnyToolRenderers | null>();
const loading = new WeakMap<Tool, Promise<void>>();

/** The tool's renderers if loaded; undefined while loading or when it has none (then the generic rendering applies). */
export function loadedToolRenderers(tool: Tool | undefined): AnyToolRenderers | undefined {
  if (!tool) return undefined;
  const renderers = loaded.get(tool);
  if (renderers === undefined) void loadToolRenderers(tool);
  return renderers ?? undefined;
}

export function loadToolRenderers(tool: Tool): Promise<void> {
  const pending = loading.get(tool);
  if (pending) return pending;
  const load = (async () => {
    try {
      loaded.set(tool, tool.ui ? await tool.ui() : null);
    } catch {
      // A UI module that fails to load must not break the transcript: fall back to the generic lines.
      loaded.set(tool, null);
    }
  })();
  loading.set(tool, load);
  return load;
}

/** Loaded, or known to have no renderers: nothing left to wait for. */
export function areToolRenderersSettled(tool: Tool | undefined): boolean {
  return tool === undefined || loaded.has(tool);
}
