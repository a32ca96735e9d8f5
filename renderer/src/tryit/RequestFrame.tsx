import type { ReactNode, RefObject } from 'react';
import { ResponseView } from './ResponseView';
import { SendButton } from './SendButton';
import { TryItFrame, type TryItFrameProps } from './TryItFrame';
import type { RequestPanel } from './use-request-panel';

interface Props extends Pick<TryItFrameProps, 'label' | 'testId' | 'meta' | 'onClose' | 'status'> {
  request: RequestPanel;
  /** Checks the draft and sends it (Send, Enter in the line, Ctrl+Enter). */
  onSend(): void;
  /** The line's controls before Send (method, path). */
  line: ReactNode;
  /** What is sent, in the hint shown until the first answer: "query", "request". */
  noun: string;
  /** The answer's place, for a panel that scrolls to it. */
  responseRef?: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}

/** A Try it panel that sends one request at a time (HTTP, GraphQL): Send in its line, the answer under its body. */
export function RequestFrame({ request, onSend, line, noun, responseRef, children, ...frame }: Props) {
  const { panelRef, response, error, setError, sending, start } = request;
  return (
    <TryItFrame
      {...frame}
      panelRef={panelRef}
      onSubmit={onSend}
      onSend={onSend}
      stopped={{ action: 'send requests', onStart: start }}
      error={error}
      onDismissError={() => setError(undefined)}
      line={
        <>
          {line}
          <SendButton status={frame.status} sending={sending} />
        </>
      }
    >
      {children}
      <div ref={responseRef}>
        {response ? (
          <ResponseView response={response} />
        ) : (
          <p className="notice tryit-hint">
            Send the {noun} to see the mock's answer here; it also shows in the Log. Ctrl+Enter sends.
          </p>
        )}
      </div>
    </TryItFrame>
  );
}
