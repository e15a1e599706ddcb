import { io as connect, type Socket } from 'socket.io-client';
import type { Client } from './helper.js';

/**
 * Sockets to the real-time channel for tests (websocket only, no reconnection, a new connection each), signed in with
 * a client's cookie; `closeAll` in afterAll.
 */
export function testSockets() {
  const sockets: Socket[] = [];
  return {
    open(url: string, client?: Client, headers: Record<string, string> = {}): Socket {
      const socket = connect(url, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        extraHeaders: { ...(client ? { cookie: client.cookie } : {}), ...headers },
      });
      sockets.push(socket);
      return socket;
    },
    closeAll() {
      for (const socket of sockets.splice(0)) socket.disconnect();
    },
  };
}

/** Resolves once the socket is connected; rejects with the handshake's refusal. */
export const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
