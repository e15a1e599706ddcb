import { io, type Socket } from 'socket.io-client';
import { REALTIME_POLICY } from '@assoc/domain';

export type ConnectionListener = (connected: boolean) => void;

/**
 * The real-time connection with the spec's policy (spec 1 §4, §9): on a failed start, retry every 1.5 s;
 * after a drop, reconnect with random delays up to 5 s; give up 2 minutes after the trouble began.
 * Same origin, with the session cookie (the server refuses the handshake without a session).
 */
export function openRealtime(onConnection: ConnectionListener, policy = REALTIME_POLICY): { socket: Socket; close(): void } {
  const socket = io({ path: '/socket.io', withCredentials: true, reconnection: false, autoConnect: false, transports: ['websocket', 'polling'] });
  let everConnected = false;
  let troubleSince: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  const schedule = () => {
    if (closed) return;
    troubleSince ??= Date.now();
    if (Date.now() - troubleSince >= policy.giveUpMs) {
      console.warn('[tempo real] sem conexão há 2 minutos; desistindo');
      return;
    }
    const delay = everConnected ? Math.random() * policy.reconnectMaxDelayMs : policy.retryMs;
    timer = setTimeout(() => {
      timer = null;
      if (!closed) socket.connect();
    }, delay);
  };

  socket.on('connect', () => {
    everConnected = true;
    troubleSince = null;
    onConnection(true);
  });
  socket.on('connect_error', (error) => {
    console.warn('[tempo real] falha ao conectar:', error.message);
    schedule();
  });
  socket.on('disconnect', (reason) => {
    console.warn('[tempo real] desconectado:', reason);
    onConnection(false);
    if (reason !== 'io client disconnect') schedule();
  });
  socket.connect();

  return {
    socket,
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      socket.disconnect();
    },
  };
}
