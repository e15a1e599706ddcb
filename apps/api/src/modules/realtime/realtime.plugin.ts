import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import { dataMessages, genericMessages, hasRole, type ConnectedUser } from '@assoc/domain';
import { forbidden, loggableError, unauthorized } from '../../lib/errors.js';
import { SESSION_COOKIE } from '../auth/session.js';

export const REALTIME_PATH = '/socket.io';

/** Socket.IO's event maps: the payloads are typed where they are emitted (app.events, RealtimeEvents). */
type UntypedEvents = Record<string, (...args: unknown[]) => void>;
/** Server-to-server events (through the adapter). */
type RelayEvents = Record<string, (event: string, payload: unknown) => void>;

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
/** The room of a role's holders (joined at connection; each delivery re-checks the session). */
const roleRoom = (role: string) => `role:${role}`;
/** Server-to-server event (through the adapter) carrying a role-only message to every instance. */
const ROLE_RELAY = 'role-relay';
/** Roles whose holders receive role-targeted messages: admin (hubs), v2menuprocesso (processo), v2access (memberChanged). */
const ROLE_ROOMS = ['admin', 'v2menuprocesso', 'v2access'] as const;
const connectedUser = ({ cstId, username, name, connectionId }: SocketData): ConnectedUser => ({ cstId, username, name, connectionId });

/**
 * A browser's Origin must be this server's: PUBLIC_URL's origin or the request's own Host (what the web
 * app served from here sends). Clients that send no Origin (not browsers) still need a session cookie.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, publicUrl: string): boolean {
  if (!origin) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin === new URL(publicUrl).origin) return true;
  return !!host && parsed.host === host.toLowerCase() && (parsed.protocol === 'http:' || parsed.protocol === 'https:');
}

/**
 * The real-time channel: Socket.IO on the app's HTTP server, authenticated by the session cookie,
 * shared between instances through the PostgreSQL adapter. It forwards what services emit on
 * app.events to the target user's sockets, and keeps admins' connected-user lists live (`hubs`).
 *
 * Authorization is not frozen at the handshake: a privileged emit (SendToAll) and every admin-only
 * delivery (hubs) re-read the socket's session, so a demotion, deactivation or sign-out applies at
 * once; ended sessions and deactivated users also have their sockets closed on every instance.
 */
export default fp(
  async (app) => {
    const io = new Server<UntypedEvents, UntypedEvents, RelayEvents, SocketData>(app.server, {
      path: REALTIME_PATH,
      serveClient: false,
      // Same origin only: the web app is served by this server.
      cors: undefined,
    });
    io.adapter(
      createAdapter(listenerSafePool(app.pool, app.log), {
        tableName: 'socket_io_attachments',
        errorHandler: (err) => app.log.warn({ err: loggableError(err) }, 'socket.io adapter'),
      }),
    );

    // Session cookie of each local socket, kept here and not in socket.data: socket.data travels between
    // instances through the database (fetchSockets), the token must not.
    const tokens = new Map<string, string>();

    /** The socket's session as it is now (roles included); null when it ended or the user was deactivated. */
    async function currentSession(socket: Socket) {
      const token = tokens.get(socket.id);
      return token ? app.services.auth.sessionFromToken(token) : null;
    }

    // Handshake: a same-origin request with a valid session cookie, or no connection.
    io.use((socket, next) => void handshake(socket, next));
    async function handshake(socket: Parameters<Parameters<typeof io.use>[0]>[0], next: (error?: Error) => void) {
      try {
        const { origin, host } = socket.request.headers;
        if (!originAllowed(origin, host, app.config.PUBLIC_URL)) return next(new Error(genericMessages.realtimeOriginRefused));
        const cookies = app.parseCookie(socket.request.headers.cookie ?? '');
        const token = cookies[SESSION_COOKIE];
        const user = token ? await app.services.auth.sessionFromToken(token) : null;
        if (!user || !token) return next(new Error(unauthorized().message));
        socket.data = {
          userId: user.userId,
          sessionId: user.sessionId,
          roles: user.roles,
          cstId: user.cstId,
          username: user.cpf,
          name: user.name,
          connectionId: socket.id,
        };
        tokens.set(socket.id, token);
        next();
      } catch (error) {
        next(error as Error);
      }
    }

    /** Delivers a role-only message to this instance's sockets of the role whose session still holds it. */
    async function deliverToRole(role: string, event: string, payload: unknown) {
      const ids = [...(io.of('/').adapter.rooms.get(roleRoom(role)) ?? [])];
      await Promise.all(
        ids.map(async (id) => {
          const socket = io.of('/').sockets.get(id);
          if (!socket) return;
          try {
            const user = await currentSession(socket);
            if (!user) socket.disconnect(true);
            else if (!user.roles.includes(role)) void socket.leave(roleRoom(role));
            else socket.emit(event, payload);
          } catch (err) {
            // Database unreachable: nothing is delivered rather than something unchecked.
            app.log.warn({ err: loggableError(err) }, 'tempo real: sessão não verificada; mensagem restrita não entregue');
          }
        }),
      );
    }
    function toRole(role: string, event: string, payload: unknown) {
      void deliverToRole(role, event, payload);
      io.serverSideEmit(ROLE_RELAY, `${role} ${event}`, payload);
    }
    const toAdmins = (event: string, payload: unknown) => toRole('admin', event, payload);
    io.on(ROLE_RELAY, (roleAndEvent: string, payload: unknown) => {
      const [role, event] = roleAndEvent.split(' ', 2) as [string, string];
      void deliverToRole(role, event, payload);
    });

    io.on('connection', (socket: Socket) => {
      const data = socket.data as SocketData;
      void socket.join([userRoom(data.userId), sessionRoom(data.sessionId)]);
      const rooms = ROLE_ROOMS.filter((role) => data.roles.includes(role)).map(roleRoom);
      if (rooms.length) void socket.join(rooms);
      toAdmins('hubs', { op: 'add', user: connectedUser(data) });
      socket.on('disconnect', () => {
        tokens.delete(socket.id);
        toAdmins('hubs', { op: 'del', user: connectedUser(data) });
      });
      // Broadcast to everyone connected: superadmins only, as the session stands at the time of the emit.
      socket.on('SendToAll', async (message: unknown, ack?: (reply: { ok: boolean; message?: string }) => void) => {
        const reply = typeof ack === 'function' ? ack : () => {};
        let user: Awaited<ReturnType<typeof currentSession>>;
        try {
          user = await currentSession(socket);
        } catch {
          reply({ ok: false, message: dataMessages.databaseUnavailable });
          return;
        }
        if (!user) {
          reply({ ok: false, message: unauthorized().message });
          socket.disconnect(true);
          return;
        }
        if (!hasRole(user.roles, ['superadmin'])) {
          reply({ ok: false, message: forbidden().message });
          return;
        }
        const text = String(message ?? '').slice(0, 1000);
        io.emit('SendToAll', { from: user.name, message: text });
        reply({ ok: true });
      });
    });

    const unsubscribe = app.events.subscribe(({ name, target, payload }) => {
      if (target === 'all') io.emit(name, payload);
      else if (typeof target === 'object') toRole(target.role, name, payload);
      else io.to(userRoom(target)).emit(name, payload);
    });

    // A session that ends, or a user deactivated, closes its sockets too (the adapter reaches the other instances).
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
      await new Promise<void>((resolve) => {
        void io.close(() => resolve());
      });
    });
  },
  { name: 'realtime', dependencies: ['db', 'auth', 'events'] },
);

/**
 * The adapter keeps one pooled connection checked out for LISTEN and, when it drops, only opens another:
 * without this wrapper the dead one would emit 'error' with nobody listening (a crash) and stay counted
 * by the pool forever. Here a checked-out client logs its errors and leaves the pool when it ends.
 */
function listenerSafePool(pool: pg.Pool, log: FastifyBaseLogger): pg.Pool {
  const wrapper = {
    query: (...args: Parameters<pg.Pool['query']>) => (pool.query as (...a: unknown[]) => unknown)(...args),
    async connect() {
      const client = await pool.connect();
      const release = client.release.bind(client);
      let released = false;
      client.release = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        release(err);
      };
      client.on('error', (err) => log.warn({ err: loggableError(err) }, 'socket.io adapter: conexão de notificações perdida; reconectando'));
      client.once('end', () => client.release(true));
      return client;
    },
  };
  return wrapper as unknown as pg.Pool;
}
