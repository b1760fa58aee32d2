/**
 * Notices that arrive while a turn streams — a background task that ended,
 * a hook that failed or spoke — are held and printed once the turn is over,
 * so streaming text is never split; between turns they print at once. The
 * label of the hook running now is shown live meanwhile.
 */
import { hookNotices, hookProgressLabel, type HookNotice } from '../../hooks/hookNotices.js';
import type { HookActivity } from '../../hooks/types.js';
import type { Session } from '../../session/session.js';
import { taskEndSentence } from '../../tasks/taskEndText.js';
import type { TranscriptStore } from './transcriptStore.js';

export class TurnNotices {
  private pending: HookNotice[] = [];
  private readonly runningHookLabels: string[] = [];
  private turnRunning = false;
  private readonly stopWatching: readonly (() => void)[];

  constructor(
    private readonly transcript: Pick<TranscriptStore, 'addNotice' | 'setHookProgress'>,
    options: { readonly hooks: Session['hooks']; readonly backgroundTasks: Session['backgroundTasks'] },
  ) {
    this.stopWatching = [
      // Every task of the session, also one started before /clear or by a subagent: the user sees each end
      // (the model hears only of its own conversation's, src/ui/repl/taskEndTurns.ts).
      options.backgroundTasks.onTaskEnded((notice) => {
        this.add({ tone: notice.status === 'completed' ? 'info' : 'warning', text: taskEndSentence(notice) });
      }),
      options.hooks.subscribe((activity) => this.onHookActivity(activity)),
    ];
  }

  turnStarted(): void {
    this.turnRunning = true;
  }

  /** Prints what was held back during the turn. */
  turnEnded(): void {
    this.turnRunning = false;
    this.print();
  }

  dispose(): void {
    for (const stop of this.stopWatching) stop();
  }

  private onHookActivity(activity: HookActivity): void {
    if (activity.type === 'hooks_started') this.runningHookLabels.push(hookProgressLabel(activity));
    else this.runningHookLabels.shift();
    this.transcript.setHookProgress(this.runningHookLabels.at(-1));
    this.add(...hookNotices(activity));
  }

  private add(...notices: HookNotice[]): void {
    this.pending.push(...notices);
    if (!this.turnRunning) this.print();
  }

  private print(): void {
    for (const notice of this.pending) this.transcript.addNotice(notice.tone, notice.text);
    this.pending = [];
  }
}
