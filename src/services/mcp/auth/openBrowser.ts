/**
 * Opens a URL in the user's browser with the platform's opener. Only http(s)
 * URLs are opened: the authorization URL comes from a server's metadata, and
 * a `file:` or custom-scheme URL handed to the opener would launch whatever
 * the desktop associates with it. Failing to open is not an error — the URL
 * is also printed for the user to open by hand. `$BROWSER`, where set, names
 * the program to use (the convention xdg-open and many tools follow).
 */
import { spawn } from 'node:child_process';

export type OpenBrowser = (url: string) => void | Promise<void>;

export const openInBrowser: OpenBrowser = (url) => {
  const protocol = new URL(url).protocol;
  if (protocol !== 'https:' && protocol !== 'http:') return;
  const chosen = process.env.BROWSER?.trim();
  const [command, args] = chosen
    ? [chosen, [url]]
    : process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['rundll32', ['url.dll,FileProtocolHandler', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No opener on this machine: the printed URL is the way.
  }
};
