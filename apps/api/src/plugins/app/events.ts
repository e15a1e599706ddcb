import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
import type { ConnectedUser, RealtimeEventName, RealtimeEvents, Role } from '@assoc/domain';

/** Server messages and their payloads: declared once in the domain (the web listens with the same types). */
export type AppEvents = RealtimeEvents;
export type AppEventName = RealtimeEventName;
/** One session, or every session of a user. */
export type EndedSessions = { sessionId: number } | { userId: number };

/** A user id, 'all' for everyone connected, or every signed-in holder of a role (checked at delivery). */
export type EventTarget = number | 'all' | { role: Role };

export interface EmittedEvent<K extends AppEventName = AppEventName> {
  name: K;
  target: EventTarget;
  payload: AppEvents[K];
}

/**
 * The one events helper: services say what happened to whom, the realtime plugin forwards it to the
 * right sockets (on every instance). Services never touch sockets.
 */
export class AppEventBus {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(50);
  }
  emit<K extends AppEventName>(name: K, target: EventTarget, payload: AppEvents[K]) {
    this.emitter.emit('event', { name, target, payload } satisfies EmittedEvent<K>);
  }
  subscribe(listener: (event: EmittedEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
  /** Sessions that ended (sign-out, password change): their open sockets are closed on every instance. */
  endSessions(ended: EndedSessions) {
    this.emitter.emit('sessionsEnded', ended);
  }
  onSessionsEnded(listener: (ended: EndedSessions) => void): () => void {
    this.emitter.on('sessionsEnded', listener);
    return () => this.emitter.off('sessionsEnded', listener);
  }
}

export type { ConnectedUser };

declare module 'fastify' {
  interface FastifyInstance {
    events: AppEventBus;
  }
}

export default fp(
  async (app) => {
    app.decorate('events', new AppEventBus());
  },
  { name: 'events' },
);
