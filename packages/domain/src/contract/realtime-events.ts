import type { DashboardCardKey } from '../dashboard/cards.js';
import type { HubsMessage, Job, SendToAllMessage } from '../jobs/job.schema.js';

/**
 * The real-time messages the server sends (spec 3 §4) and their payloads, declared once: the server's event
 * bus and the web's `useRealtimeEvent` both take their names and payload types from here.
 */
export interface RealtimeEvents {
  /** Tells the user's clients to reload their job list. */
  reloadjobs: Record<string, never>;
  /** A user connected or left (admins' connected-user list). */
  hubs: HubsMessage;
  /** A job's live progress. */
  jobprogress: Job;
  /**
   * Digital-process changes (to every signed-in holder of v2menuprocesso): `andamento` when movements of
   * `proId` arrived (reload them if it is the selected process); `reload` when processes arrived, moved or
   * changed (reload the inbox count and the process list or search). Other commands also reload the lists.
   */
  processo: { command: 'andamento' | 'reload' | (string & {}); proId?: number };
  /**
   * A member changed their own record in the portal (PUT user/portal/{cstId}), to staff (v2access) after the commit:
   * a staff screen showing that member offers to reload (its next save would answer 409).
   */
  memberChanged: { cstId: number; version: number };
  /**
   * Dashboard cards whose numbers changed (a CCH or refund status change; to the holders of the card's roles): the
   * server drops their cached numbers and an open dashboard fetches them again.
   */
  painel: { cards: DashboardCardKey[] };
  /** A message to everyone connected (superadmin tool). */
  SendToAll: SendToAllMessage;
}

export type RealtimeEventName = keyof RealtimeEvents;
