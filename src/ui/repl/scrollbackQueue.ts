/**
 * What the REPL has printed to the scroll-back (<Static>), and what is
 * waiting to be: items leave the live area in order and print in that order,
 * each once its renderer (markdown, a tool's result view) has loaded. The
 * live layout (transcriptStore.ts) decides when an item is finished; this
 * queue only keeps the printed order and lets printed payloads go.
 */
import type { TranscriptItem } from './transcriptTypes.js';

/** Tells the store whether an item can be printed in its final form yet (renderers and markdown loaded). */
export type StaticReadiness = {
  isReady(item: TranscriptItem): boolean;
  whenReady(item: TranscriptItem): Promise<void>;
};

export const ALWAYS_READY: StaticReadiness = { isReady: () => true, whenReady: async () => {} };

export class ScrollbackQueue {
  private printed: TranscriptItem[] = [];
  private printedEpoch = 0;
  /** Items whose turn to print has come, waiting for their renderers to load. */
  private readonly waitingToPrint: TranscriptItem[] = [];
  private waitingFor: Promise<void> | undefined;

  constructor(
    private readonly readiness: StaticReadiness,
    /** Called when waiting items printed later, on their own (a renderer finished loading). */
    private readonly onLatePrint: () => void,
  ) {}

  /** The printed items, as a new array so React sees the change (the items themselves are shared). */
  get items(): TranscriptItem[] {
    return [...this.printed];
  }

  /** Changes when <Static> must start over (after clear). */
  get epoch(): number {
    return this.printedEpoch;
  }

  enqueue(item: TranscriptItem): void {
    this.waitingToPrint.push(item);
    this.printReady();
  }

  /** Forgets everything; <Static> starts over (printed lines stay in the terminal's scroll-back). */
  clear(): void {
    this.printed = [];
    this.waitingToPrint.length = 0;
    this.printedEpoch++;
  }

  /**
   * Releases the payload of items <Static> has printed (it never looks at
   * them again), so a long session does not keep every tool output alive.
   */
  releasePrinted(count: number): void {
    for (let index = 0; index < Math.min(count, this.printed.length); index++) {
      const item = this.printed[index]!;
      if (item.kind !== 'released') this.printed[index] = { kind: 'released', id: item.id };
    }
  }

  private printReady(): void {
    while (this.waitingToPrint.length > 0) {
      const head = this.waitingToPrint[0]!;
      if (!this.readiness.isReady(head)) {
        this.waitingFor ??= this.readiness.whenReady(head).then(
          () => this.resumePrinting(),
          () => this.resumePrinting(),
        );
        return;
      }
      this.printed.push(this.waitingToPrint.shift()!);
    }
  }

  private resumePrinting(): void {
    this.waitingFor = undefined;
    const head = this.waitingToPrint[0];
    // A renderer that failed to load must not hold the transcript back forever.
    if (head && !this.readiness.isReady(head)) this.printed.push(this.waitingToPrint.shift()!);
    this.printReady();
    this.onLatePrint();
  }
}
