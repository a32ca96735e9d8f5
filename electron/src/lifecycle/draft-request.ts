import type { DraftReport } from '../../../shared/src/studio-contract.js';

/** The editor's text and whether it is unsaved; `undefined` when no page could answer. */
export type Draft = { dirty: boolean; text: string } | 'no answer' | undefined;

/**
 * Asks the page for the editor's text: sends `app.command` `reportDraft` with an id and waits for the
 * `app.draft` call carrying that id (see renderer/src/desktop-commands.ts). A page that does not
 * answer in time (hung, crashed, still loading) yields 'no answer', and the caller asks the user.
 */
export class DraftRequests {
  private nextId = 1;
  private readonly waiting = new Map<number, (report: DraftReport) => void>();

  constructor(private readonly timeoutMs = 3000) {}

  /** `send` delivers the command to the page, or returns false when there is no page. */
  ask(send: (command: { command: 'reportDraft'; id: number }) => boolean): Promise<Draft> {
    const id = this.nextId++;
    return new Promise<Draft>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve('no answer');
      }, this.timeoutMs);
      this.waiting.set(id, ({ dirty, text }) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve({ dirty, text });
      });
      if (!send({ command: 'reportDraft', id })) {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(undefined);
      }
    });
  }

  /** The page's answer (the `app.draft` call); answers nobody waits for any more are dropped. */
  answer(report: DraftReport): void {
    this.waiting.get(report.id)?.(report);
  }
}
