import type { DraftReport } from '../../../shared/src/studio-contract.js';

/** The editor's text and whether it is unsaved; `undefined` when no page could answer. */
export type Draft = { dirty: boolean; text: string } | 'no answer' | undefined;

/**
 * Asks the page for the editor's text: sends `app.command` `reportDraft` with an id and waits for the
 * `app.draft` call carrying that id (see renderer/src/desktop-commands.ts). A page that does not
 * answer in time (hung, crashed) yields 'no answer', and the caller asks the user.
 *
 * The question is sent again every `resendMs` until answered: the renderer registers its listener
 * a moment after its page loaded (a React effect), and a message sent before that is lost. Answers
 * to the copies carry the same id; the first one counts.
 */
export class DraftRequests {
  private nextId = 1;
  private readonly waiting = new Map<number, (report: DraftReport) => void>();

  constructor(
    private readonly timeoutMs = 3000,
    private readonly resendMs = 100,
  ) {}

  /** `send` delivers the command to the page, or returns false when there is no page. */
  ask(send: (command: { command: 'reportDraft'; id: number }) => boolean): Promise<Draft> {
    const id = this.nextId++;
    return new Promise<Draft>((resolve) => {
      const done = (draft: Draft): void => {
        clearTimeout(timer);
        clearInterval(again);
        this.waiting.delete(id);
        resolve(draft);
      };
      const timer = setTimeout(() => done('no answer'), this.timeoutMs);
      const again = setInterval(() => {
        if (!send({ command: 'reportDraft', id })) done(undefined);
      }, this.resendMs);
      this.waiting.set(id, ({ dirty, text }) => done({ dirty, text }));
      if (!send({ command: 'reportDraft', id })) done(undefined);
    });
  }

  /** The page's answer (the `app.draft` call); answers nobody waits for any more are dropped. */
  answer(report: DraftReport): void {
    this.waiting.get(report.id)?.(report);
  }
}
