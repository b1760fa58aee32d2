/**
 * A tool's render functions for a component: what has loaded now, and a
 * re-render when the load finishes, so a dialog or a live tool line that
 * first drew the generic rendering switches to the tool's own.
 */
import { useEffect, useState } from 'react';
import type { Tool } from '../../Tool.js';
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
