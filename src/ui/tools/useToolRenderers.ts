/**
 * A tool's render functions for a component: what has loaded now, and a
 * re-render when the load finishes, so a dialog or a live tool line that
 * first drew the generic rendering switches to the tool's own.
 */
import { useEffect, useState } from 'react';
import type { Tool } from '../../contract/tool.js';
import { areToolRenderersSettled, loadedToolRenderers, loadToolRenderers, type AnyToolRenderers } from './toolRendererCache.js';

export function useToolRenderers(tool: Tool | undefined): AnyToolRenderers | undefined {
  const [, setLoaded] = useState(false);
  const settled = areToolRenderersSettled(tool);
  useEffect(() => {
    if (!tool || settled) return;
    let mounted = true;
    void loadToolRenderers(tool).then(() => {
      if (mounted) setLoaded(true);
    });
    return () => {
      mounted = false;
    };
  }, [tool, settled]);
  return loadedToolRenderers(tool);
}

/**
 * Re-renders once the renderers of every given tool have settled, for a
 * component whose layout depends on which renderers a tool has (the live
 * area groups an assistant message's Agent calls only once the Agent UI
 * has loaded). Without it, calls that started before the load stayed drawn
 * one by one until something else changed — which, with every call
 * waiting, could be never.
 */
export function useToolRenderersSettled(tools: readonly (Tool | undefined)[]): void {
  const [, setSettledLoads] = useState(0);
  const pending = [...new Set(tools)].filter((tool): tool is Tool => !areToolRenderersSettled(tool));
  const pendingKey = pending.map((tool) => tool.name).join('\0');
  useEffect(() => {
    if (pending.length === 0) return;
    let mounted = true;
    void Promise.all(pending.map(loadToolRenderers)).then(() => {
      if (mounted) setSettledLoads((count) => count + 1);
    });
    return () => {
      mounted = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- pendingKey names the tools of `pending` (a tool's name is unique among a session's tools)
  }, [pendingKey]);
}
