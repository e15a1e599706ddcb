import { createContext, useContext, useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import type { Socket } from 'socket.io-client';
import type { RealtimeEventName, RealtimeEvents } from '@assoc/domain';

interface RealtimeState {
  socket: Socket | null;
  connected: boolean;
}

const RealtimeContext = createContext<RealtimeState>({ socket: null, connected: false });

/** Environment mode 5 has no real-time channel (spec 1 §4); component tests run without one. */
export const realtimeEnabled = (envMode: number) => envMode !== 5 && import.meta.env.MODE !== 'test';

/** Opens the real-time connection for the signed-in user's session, closed when they leave the app. */
export function RealtimeProvider({ envMode, children }: { envMode: number; children: ReactNode }) {
  const [state, setState] = useState<RealtimeState>({ socket: null, connected: false });
  const enabled = realtimeEnabled(envMode);

  useEffect(() => {
    if (!enabled) return undefined;
    let connection: { socket: Socket; close(): void } | null = null;
    let left = false;
    // The socket.io client is a chunk of its own, fetched after the first render: no screen waits for it (the
    // portal's first load on a phone, issue 28).
    void import('./realtimeClient').then(({ openRealtime }) => {
      if (left) return;
      const opened = openRealtime((connected) => setState({ socket: opened.socket, connected }));
      connection = opened;
      // The socket reaches the context at once, so listeners attach before its first message.
      setState({ socket: opened.socket, connected: false });
    });
    return () => {
      left = true;
      connection?.close();
      setState({ socket: null, connected: false });
    };
  }, [enabled]);

  return <RealtimeContext.Provider value={state}>{children}</RealtimeContext.Provider>;
}

export const useRealtime = () => useContext(RealtimeContext);

/** Calls the handler for a server message while mounted (names and payloads: the domain's RealtimeEvents). */
export function useRealtimeEvent<K extends RealtimeEventName>(event: K, handler: (payload: RealtimeEvents[K]) => void) {
  const { socket } = useRealtime();
  // The latest handler without re-subscribing on every render.
  const onEvent = useEffectEvent(handler);
  useEffect(() => {
    if (!socket) return undefined;
    const listener = (payload: RealtimeEvents[K]) => onEvent(payload);
    socket.on(event as string, listener);
    return () => {
      socket.off(event as string, listener);
    };
  }, [socket, event]);
}
