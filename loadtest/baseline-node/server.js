// The Node baseline: the same protocol as Tsumugi's hub-only mode, tuned fairly
// (websocket transport only, bufferutil/utf-8-validate, no per-message deflate).
// TRANSPORTS=polling,websocket admits long-polling too (the polling benchmark).
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const port = Number(process.env.PORT ?? 8091);
const httpServer = createServer((req, res) => {
  if (req.url === '/api/health') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"status":"ok"}');
    return;
  }
  res.writeHead(404).end();
});

const io = new Server(httpServer, {
  transports: (process.env.TRANSPORTS ?? 'websocket').split(','),
  perMessageDeflate: false,
  serveClient: false,
  pingInterval: 25000,
  pingTimeout: 20000,
});

if (process.env.REDIS_URL) {
  const { createClient } = await import('redis');
  const { createAdapter } = await import('@socket.io/redis-adapter');
  const url = process.env.REDIS_URL.replace(/[?&]protocol=resp3/, '');
  const pubClient = createClient({ url });
  const subClient = pubClient.duplicate();
  await Promise.all([pubClient.connect(), subClient.connect()]);
  io.adapter(createAdapter(pubClient, subClient, { key: process.env.REDIS_PREFIX ?? 'baseline' }));
}

io.use((socket, next) => {
  const token = socket.handshake.auth?.token;
  if (typeof token !== 'string' || !token.startsWith('bench-')) return next(new Error('token_invalid'));
  socket.data.userId = Number(token.slice('bench-'.length));
  next();
});

io.on('connection', (socket) => {
  socket.join(`user:${socket.data.userId}`);
  socket.on('channel:join', (payload, ack) => {
    const channelId = payload?.channel_id;
    socket.join(`channel:${channelId}`);
    if (typeof ack === 'function') ack({ data: { channel_id: channelId } });
  });
  socket.on('bench:publish', (payload) => {
    socket.to(`channel:${payload.channel_id}`).emit('message.created', payload.payload);
  });
});

httpServer.listen(port, '127.0.0.1', () => console.log(`baseline listening on ${port}`));
