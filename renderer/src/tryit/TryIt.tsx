import type { ComponentProps } from 'react';
import { useFeedback } from '../feedback/feedback';
import { RealtimeTryIt } from './RealtimeTryIt';
import { useStartServer } from './ServerStopped';
import { TryItPanel } from './TryItPanel';

/** Try it for what it was opened on: a WebSocket or SSE endpoint gets the realtime panel, the rest the request form. */
export function TryIt(props: ComponentProps<typeof TryItPanel>) {
  const { notify } = useFeedback();
  const { target, configText, status, client, onClose } = props;
  // A logged connection opens again as it was made; an endpoint by what the config says it is.
  const opened =
    target.kind === 'entry'
      ? target.entry.stream && {
          protocol: target.entry.stream.protocol,
          path: `${target.entry.path}${target.entry.query ? `?${target.entry.query}` : ''}`,
          declared: target.entry.endpoint?.replace(/^\S+\s+/, '') ?? target.entry.path,
        }
      : (target.endpoint.kind === 'websocket' || target.endpoint.kind === 'sse') && {
          protocol: target.endpoint.kind,
          path: target.endpoint.path,
          declared: target.endpoint.path,
        };
  const start = useStartServer(client, notify);
  if (!opened) return <TryItPanel {...props} />;
  return (
    <RealtimeTryIt
      protocol={opened.protocol}
      path={opened.path}
      declaredPath={opened.declared}
      status={status}
      configText={configText}
      onStart={start}
      onClose={onClose}
    />
  );
}
