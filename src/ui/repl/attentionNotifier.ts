/**
 * Tells a user who looked away that agentcli needs them: when a turn that
 * took more than 20 s ends, and when a dialog has waited unanswered for a
 * few seconds (someone watching answers at once; the delay keeps the bell
 * from ringing at every quick permission question).
 *
 * How: the `notifications` setting. "auto" sends a desktop notification in
 * terminals known to show one (OSC 9: iTerm2, WezTerm, Ghostty, Windows
 * Terminal; OSC 777: VTE terminals, foot, urxvt) and rings the bell
 * elsewhere; "bell", "osc9", "osc777" force one; "off" stays silent.
 */
import type { NotificationChannel } from '../../settings/displaySettings.js';
import { BELL, osc777Notification, osc9Notification } from '../../utils/terminal/osc.js';

export const LONG_TURN_MS = 20_000;
export const DIALOG_WAIT_MS = 6_000;

type Channel = Exclude<NotificationChannel, 'auto'>;

export function resolveChannel(setting: NotificationChannel, env: NodeJS.ProcessEnv): Channel {
  if (setting !== 'auto') return setting;
  const program = env.TERM_PROGRAM ?? '';
  if (['iTerm.app', 'WezTerm', 'ghostty'].includes(program) || env.WT_SESSION) return 'osc9';
  const term = env.TERM ?? '';
  if (env.VTE_VERSION || term.startsWith('foot') || term.startsWith('rxvt-unicode')) return 'osc777';
  return 'bell';
}

export function notificationSequence(channel: Channel, body: string, env: NodeJS.ProcessEnv): string {
  switch (channel) {
    case 'off':
      return '';
    case 'bell':
      return BELL;
    case 'osc9':
      return osc9Notification(`agentcli: ${body}`, env);
    case 'osc777':
      return osc777Notification('agentcli', body, env);
  }
}

type DialogSource = {
  readonly subscribe: (listener: () => void) => () => void;
  readonly current: () => { readonly id: number; readonly kind: string } | undefined;
};

export class AttentionNotifier {
  private readonly channel: Channel;
  private dialogTimer: ReturnType<typeof setTimeout> | undefined;
  private watchedDialog: number | undefined;

  constructor(
    private readonly options: { readonly setting: NotificationChannel; readonly env: NodeJS.ProcessEnv; readonly write: (sequence: string) => void },
  ) {
    this.channel = resolveChannel(options.setting, options.env);
  }

  turnEnded(durationMs: number, outcome: string): void {
    if (durationMs > LONG_TURN_MS) this.notify(`${outcome} after ${Math.round(durationMs / 1000)} s`);
  }

  watchDialogs(dialogs: DialogSource): () => void {
    const check = (): void => {
      const dialog = dialogs.current();
      // A picker the user opened (/model, a # note) is not the agent waiting on them: nothing to announce.
      const id = dialog?.kind === 'choice' ? undefined : dialog?.id;
      if (id === this.watchedDialog) return;
      this.watchedDialog = id;
      clearTimeout(this.dialogTimer);
      this.dialogTimer = undefined;
      if (id === undefined) return;
      this.dialogTimer = setTimeout(() => {
        if (dialogs.current()?.id === id) this.notify('waiting for your answer');
      }, DIALOG_WAIT_MS);
      this.dialogTimer.unref?.();
    };
    const unsubscribe = dialogs.subscribe(check);
    return () => {
      unsubscribe();
      clearTimeout(this.dialogTimer);
    };
  }

  private notify(body: string): void {
    const sequence = notificationSequence(this.channel, body, this.options.env);
    if (sequence !== '') this.options.write(sequence);
  }
}
