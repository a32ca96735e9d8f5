/** Messages of the realtime endpoints (`websocket:`, `sse:`): config problems and what clients are told. */
const didYouMean = (suggestion?: string): string => (suggestion ? ` Did you mean '${suggestion}'?` : '');

export const realtimeMessages = {
  unknownFeedSchema: (endpoint: string, schema: string, suggestion?: string) =>
    `Endpoint ${endpoint} feeds unknown schema '${schema}'. Define it under \`schemas:\`.${didYouMean(suggestion)}`,
  ruleTargetNotMessage: (target: string) =>
    `Unknown message rule target '${target}'. Use message.<path> (a field of the frame's JSON) or message (its whole text).`,
  messageNeedsContent: (endpoint: string) =>
    `Endpoint ${endpoint}: a message needs \`inline\` (JSON) or \`body\` (text).`,
  messageBodyAndInline: (endpoint: string) =>
    `Endpoint ${endpoint}: a message has either \`inline\` or \`body\`, not both.`,
  ruleWithoutEffect: (endpoint: string) =>
    `Endpoint ${endpoint}: a message rule needs \`reply\`, \`broadcast\` or \`close\`.`,
  sseFeedAndEvents: (endpoint: string) =>
    `Endpoint ${endpoint}: an SSE endpoint has either \`events\` or \`feed\`, not both.`,
  sseNothingToSend: (endpoint: string) => `Endpoint ${endpoint}: an SSE endpoint needs \`events\` or \`feed\`.`,
  duplicateRealtimePath: (endpoint: string, line: number) =>
    `Duplicate endpoint ${endpoint}: the path is already declared on line ${line}.`,
  /** Sent to a client (an error frame) when a frame is not JSON but the endpoint's rules read JSON. */
  notJsonFrame: () => "This endpoint's rules read JSON messages (message.<path>); the frame is not JSON.",
  frameTooLarge: (limit: number) => `Frames are limited to ${limit} bytes.`,
  notWebSocketPath: (path: string) => `No WebSocket endpoint at ${path}.`,
  /** A plain HTTP request (no Upgrade) to a WebSocket endpoint's path, answered 426. */
  upgradeRequired: (path: string) =>
    `${path} is a WebSocket endpoint: connect with a WebSocket client (ws://…), not a plain HTTP request.`,
  tooManyConnections: (limit: number) => `This server holds at most ${limit} realtime connections; try again later.`,
  endpointRemoved: () => 'The endpoint was removed from the config.',
  endpointChanged: () => 'The endpoint changed in the config; reconnect.',
  slowClient: () => 'The client did not read its messages (send buffer full).',
  serverStopping: () => 'The server is stopping.',
};
