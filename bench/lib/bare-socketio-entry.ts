/**
 * The reference point for socket capacity: a bare socket.io 4 server on node:http in the same Node,
 * with none of the app (no Fastify, no token check, no database, no PBX). It speaks just enough of the
 * app's protocol for the same load generator: `join_extension_room` joins a room named like the app's,
 * `register` answers an extension status. Run with --expose-gc; port from PORT.
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { serveIpc, signalReady } from './ipc';
import { createProbe, probeHandlers } from './process-probe';

type Ack = (answer: unknown) => void;

function extensionOf(payload: unknown): string | null {
  const value = (payload as { extensionNumber?: unknown } | null)?.extensionNumber;
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^[0-9]{2,10}$/.test(text) ? text : null;
}

const port = Number(process.env.PORT ?? 0);
const httpServer = createServer();
const io = new Server(httpServer, { serveClient: false });

const disconnectReasons: Record<string, number> = {};

io.on('connection', (socket) => {
  socket.on('disconnect', (reason) => {
    disconnectReasons[reason] = (disconnectReasons[reason] ?? 0) + 1;
  });
  socket.on('join_extension_room', (payload: unknown, ack?: Ack) => {
    const extension = extensionOf(payload);
    if (!extension) return ack?.({ error: true, message: 'bad extension' });
    void socket.join(`c:1:ext:${extension}`);
    ack?.({ result: 'success' });
  });
  socket.on('register', (payload: unknown, ack?: Ack) => {
    const extension = extensionOf(payload);
    if (!extension) return ack?.({ error: true, message: 'bad extension' });
    const status = { extension, exten_status: 51, status: 0 };
    socket.emit('extension_status', status);
    ack?.(status);
  });
});

httpServer.listen(port, '127.0.0.1', () => {
  const probe = createProbe();
  serveIpc({ ...probeHandlers(probe), clients: () => io.engine.clientsCount, disconnectReasons: () => disconnectReasons });
  const shutdown = () => {
    io.local.disconnectSockets(true);
    void io.close().finally(() => process.exit(0));
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  signalReady({ port });
});
