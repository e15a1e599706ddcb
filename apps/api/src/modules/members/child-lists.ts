import type { z } from 'zod';
import type { MemberChildListKey, Role } from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';

/** What a child list's apply gets besides its rows. */
export interface ChildListContext {
  actor: Actor;
  /** The signed-in user's roles (a list may check finer roles: v2servicoadd, v2servicodelete…). */
  roles: readonly string[];
  /** True when the member is being inserted by this save. */
  inserting: boolean;
  /** Runs `fn` once the save's transaction has committed, never after a rolled-back save (e.g. closing a deactivated account's sockets). */
  afterCommit(fn: () => void): void;
}

/** A row as the save receives it: the item schema's output with its marker. */
export interface MarkedItem {
  operation: 'insert' | 'update' | 'delete' | 'none';
}

/**
 * One child list of the member record (spec 1 §3: parentFilhos, usuarioServicos, documentos, atendimentos,
 * cobrancas, ressarcimentos). A later tab's module registers its list from its `setup`
 * (`app.services.members.registerChildList(...)`); the member save then loads it with the member, applies its
 * marked rows in the save's transaction and puts it in the audit, and no tab edits the save itself.
 */
export interface ChildListDefinition<Item extends MarkedItem = MarkedItem> {
  key: MemberChildListKey;
  /** Each row is validated with it (400 with the row's field path), after the marker-less rows were dropped. */
  itemSchema: z.ZodType<Item>;
  /** Any one role to see the list / to change it (a changed row without an edit role: 403, nothing written). */
  roles: { view: readonly Role[]; edit: readonly Role[] };
  /**
   * Lists inside each row with roles of their own (a dependent's services: v2depservicoview / v2depservicoedit):
   * a user without a view role gets the rows without that key, in GET user and in audit versions (decision 1),
   * and sends none back (an absent key is not sent: the stored nested rows stay as they are); a changed nested
   * row without an edit role is refused (403, nothing written).
   */
  nested?: readonly { key: MemberChildListKey; label: string; view: readonly Role[]; edit: readonly Role[] }[];
  /** The member's rows, each marked 'none'. */
  load(tx: Executor, cstId: number): Promise<Item[]>;
  /**
   * Writes the rows marked insert, update or delete (rows marked none are passed too, to be ignored) inside the
   * save's transaction; throwing rolls the whole save back.
   */
  apply(tx: Executor, cstId: number, items: Item[], ctx: ChildListContext): Promise<void>;
  /**
   * The same rows as one SQL expression giving a JSON array, over the member's row aliased `c` (`c.cst_id`), so
   * the member's load reads them in its own statement; `fromJson` turns that array into the rows `load` gives.
   */
  json?: { expression: string; fromJson(value: unknown): Item[] };
  /**
   * Fills read-only fields the rules need from the database (e.g. a service row's sucId) before validation;
   * `stored` holds the member's rows as just loaded in the same transaction (empty for a new member), which it
   * may use instead of reading again.
   */
  enrich?(tx: Executor, items: Item[], stored: readonly Item[]): Promise<Item[]>;
  /**
   * What the member's audit keeps of the list. 'all' (the default): every row, before and after the save.
   * 'written': only the rows the save wrote, for a record its own module keeps and changes (charges change with
   * bank returns, not with member saves, and are never restored from an audit): the save then neither reads the
   * stored rows (unless it writes some) nor copies two dozen unchanged rows into each audit.
   */
  audit?: 'all' | 'written';
}
