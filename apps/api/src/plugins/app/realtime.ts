import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import { hasRole, type ConnectedUser } from '@assoc/domain';
import { forbidden } from '../../lib/errors.js';
import { SESSION_COOKIE } from './auth.js';

export const REALTIME_PATH = '/socket.io';

interface SocketData extends ConnectedUser {
  userId: number;
  sessionId: number;
  roles: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: {
      io: Server;
      /** Everyone connected, on every instance. */
      connectedUsers(): Promise<ConnectedUser[]>;
    };
  }
}

const userRoom = (userId: number) => `user:${userId}`;
const sessionRoom = (sessionId: number) => `session:${sessionId}`;
const ADMINS = 'admins';
const connectedUser = ({ cstId, username, name, connectionId }: SocketData): ConnectedUser => ({ cstId, username, name, connectionId });

/**
 * The real-time channel: Socket.IO on the app's HTTP server, authenticated by the session cookie,
 * shared between instances through the PostgreSQL adapter. It forwards what services emit on
 * app.events to the target user's sockets, and keeps admins' connected-user lists live (`hubs`).
 */
export default fp(async (app) => {
  const io = new Server<Record<string, (...args: any[]) => void>, Record<string, (...args: any[]) => void>, Record<string, never>, SocketData>(app.server, {
    path: REALTIME_PATH,
    serveClient: false,
    // Same origin only: the web app is served by this server.
    cors: undefined,
  });
  io.adapter(createAdapter(app.pool, {
    tableName: 'socket_io_attachments',
    errorHandler: (err) => app.log.warn({ err }, 'socket.io adapter'),
  }));

  // Handshake: a valid session cookie or no connection.
  io.use(async (socket, next) => {
    try {
      const cookies = app.parseCookie(socket.request.headers.cookie ?? '');
      const token = cookies[SESSION_COOKIE];
      const user = token ? await app.sessionFromToken(token) : null;
      if (!user) return next(new Error('Sessão expirada, faça um novo login para continuar'));
      socket.data = { userId: user.userId, sessionId: user.sessionId, roles: user.roles, cstId: user.cstId, username: user.cpf, name: user.name, connectionId: socket.id };
      next();
    } catch (error) {
      next(error as Error);
    }
  });

  io.on('connection', (socket: Socket) => {
    const data = socket.data as SocketData;
    void socket.join([userRoom(data.userId), sessionRoom(data.sessionId)]);
    if (hasRole(data.roles, ['admin'])) void socket.join(ADMINS);
    io.to(ADMINS).emit('hubs', { op: 'add', user: connectedUser(data) });
    socket.on('disconnect', () => {
      io.to(ADMINS).emit('hubs', { op: 'del', user: connectedUser(data) });
    });
    // Broadcast to everyone connected: superadmins only.
    socket.on('SendToAll', (message: unknown, ack?: (reply: { ok: boolean; message?: string }) => void) => {
      if (!hasRole(data.roles, ['superadmin'])) {
        ack?.({ ok: false, message: forbidden().message });
        return;
      }
      const text = String(message ?? '').slice(0, 1000);
      io.emit('SendToAll', { from: data.name, message: text });
      ack?.({ ok: true });
    });
  });

  const unsubscribe = app.events.subscribe(({ name, target, payload }) => {
    if (target === 'all') io.emit(name, payload);
    else io.to(userRoom(target)).emit(name, payload);
  });

  // A session that ends closes its sockets too (the adapter reaches the other instances).
  const unsubscribeEnded = app.events.onSessionsEnded((ended) => {
    io.in('sessionId' in ended ? sessionRoom(ended.sessionId) : userRoom(ended.userId)).disconnectSockets(true);
  });

  app.decorate('realtime', {
    io,
    async connectedUsers() {
      const sockets = await io.fetchSockets();
      return sockets.map((s) => connectedUser(s.data as SocketData));
    },
  });

  app.addHook('preClose', async () => {
    unsubscribe();
    unsubscribeEnded();
    io.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => { void io.close(() => resolve()); });
  });
}, { name: 'realtime', dependencies: ['db', 'auth', 'events'] });
