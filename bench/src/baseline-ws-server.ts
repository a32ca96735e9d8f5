/**
 * The bare WebSocket server the WebSocket section compares Mockyard with: node:http plus `ws`, an
 * echo on the upgrade of any path, and GET /health. `node baseline-ws-server.js <port>`.
 */
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';
import { health, notFound, send } from './baseline-reply.js';

const port = Number(process.argv[2]);
const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
const server = createServer((req, res) => (req.url === '/health' ? send(res, 200, health) : send(res, 404, notFound)));
server.on('upgrade', (req, socket, head) => {
  wss.handleUpgrade(req, socket, head, (ws) => {
    ws.on('message', (data, isBinary) => ws.send(data as Buffer, { binary: isBinary }));
  });
});
server.listen(port, '127.0.0.1');
