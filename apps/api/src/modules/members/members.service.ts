import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  addressKeys,
  addressKinds,
  canEditSection,
  canReadAuditCategory,
  canReadPersonalLookups,
  canIssueBond,
  canViewSection,
  civilStatuses,
  communicationPreferences,
  debitPlaces,
  emptyMember,
  financialStatuses,
  followUpDepartments,
  followUpStatuses,
  followUpSubjects,
  followUpTypes,
  genericMessages,
  kinships,
  labelTypes,
  memberChildListKeys,
  memberMessages,
  memberProfiles,
  memberSchema,
  memberSections,
  memberSituations,
  sectionOfField,
  treatments,
  type AuditCategory,
  type DataCache,
  type MemberAuditItem,
  type MemberChildListKey,
  type MemberData,
  type MemberRecord,
  type MemberSection,
} from '@assoc/domain';
import type { Db, Executor } from '../../db/client.js';
import { writeAudit } from '../../lib/audit.js';
import type { Actor } from '../../lib/actor.js';
import { AppError, badRequest, conflict, forbidden, issuesToError, loggableError, notFound } from '../../lib/errors.js';
import type { PhotoService } from '../photos/photos.service.js';
import type { ChildListDefinition, MarkedItem } from './child-lists.js';
import { addressValues, changedPaths, customerValues, diffRecords, recordFromRows } from './member-record.js';
import type { AddressRow, CustomerRow, MembersRepository } from './members.repository.js';

/** A value of GET user/{cstId} another module computes (registerRecordExtra). */
export type RecordExtraKey = 'extratoDatas' | 'irDatas';
export interface RecordExtra {
  /** Any one of these roles gets the value; others get []. */
  roles: readonly string[];
  load(tx: Executor, cstId: number): Promise<{ value: number; label: string }[]>;
  /** The same as one SQL expression over the member's row `c`, read in the member's own statement (as child lists' json). */
  json?: { expression: string; fromJson(value: unknown): { value: number; label: string }[] };
}

export interface MemberUser {
  actor: Actor;
  roles: readonly string[];
}

const AUDIT_CATEGORY = 'users';
const CHILD_KEYS = new Set<string>(memberChildListKeys);
const CARGO_KEYS = ['custAssocCargo', 'custAssocCargo2', 'custAssocCargo3', 'custAssocCargo4'] as const;
/** Fields the save never takes from a body (the server's own values). */
const READ_ONLY = new Set<string>([
  'cstId',
  'parentId',
  'version',
  'custNumeroInterno',
  'custPhotoKey',
  'custCoordenadorTitular',
  'custCoordenadorAdjunto',
  'custTitular',
  'idade',
  'extratoDatas',
  'irDatas',
  'falecidos',
  'fieldDiffs',
]);
/** How long the lookup lists that do not come from registries (deceased holders) are kept. */
const DATACACHE_TTL_MS = 5 * 60_000;

/** Whether a list's rows hold a change to write (a row marked insert, update or delete). */
const hasMarkedRows = (rows: readonly MarkedItem[]) => rows.some((row) => row.operation !== 'none');

export function createMembersService(deps: { db: Db; repo: MembersRepository; photos: PhotoService; log: FastifyBaseLogger }) {
  const { db, repo, photos } = deps;
  const childLists = new Map<MemberChildListKey, ChildListDefinition>();
  const recordExtras = new Map<RecordExtraKey, RecordExtra>();
  let cache: { fingerprint: string; at: number; value: DataCache } | null = null;

  const sections = memberSections as readonly MemberSection[];
  const hasAny = (roles: readonly string[], wanted: readonly string[]) => wanted.some((r) => roles.includes(r));

  /**
   * The full stored member with every registered child list (no role filter): one statement for the row, its
   * addresses and the lists that give their JSON; any other list after it, one at a time (a transaction's client
   * runs one query at a time).
   */
  async function loadFull(
    tx: Executor,
    cstId: number,
    forSave = false,
    extras: readonly (readonly [RecordExtraKey, RecordExtra])[] = [],
  ): Promise<MemberRecord | null> {
    // The save locks the row and leaves out the lists whose audit keeps only the rows it writes.
    const lists = [...childLists.values()].filter((list) => !forSave || list.audit !== 'written');
    const inline = [
      ...lists.filter((list) => list.json).map((list) => ({ key: list.key as string, expression: list.json!.expression })),
      ...extras.filter(([, extra]) => extra.json).map(([key, extra]) => ({ key: key as string, expression: extra.json!.expression })),
    ];
    const loaded = await repo.member(tx, cstId, forSave, inline);
    if (!loaded) return null;
    const listRows = new Map<MemberChildListKey, unknown[]>();
    for (const list of lists) listRows.set(list.key, list.json ? list.json.fromJson(loaded.lists.get(list.key)) : await list.load(tx, cstId));
    const record = toRecord(loaded.row, loaded.addresses, listRows);
    for (const [key, extra] of extras) record[key] = extra.json ? extra.json.fromJson(loaded.lists.get(key)) : await extra.load(tx, cstId);
    return record;
  }

  function toRecord(
    row: CustomerRow & { falName?: string | null },
    addressRows: AddressRow[],
    lists: Map<MemberChildListKey, unknown[]>,
  ): MemberRecord {
    const bankName = debitPlaces.find((p) => p.bnkId === row.bnkId)?.bankName ?? null;
    const record = recordFromRows(row, addressRows, bankName);
    const out = record as unknown as Record<string, unknown>;
    for (const [key, items] of lists) out[key] = items;
    if (row.falId && row.falName) record.falecidos = [{ value: row.falId, label: row.falName }];
    return record;
  }

  /** Leaves out the sections and child lists the user may not view (decision 1). */
  function visibleTo(record: MemberRecord, roles: readonly string[]): MemberRecord {
    const out = { ...record } as Record<string, unknown>;
    for (const section of sections) {
      if (CHILD_KEYS.has(section.fields[0] as string) && childLists.has(section.fields[0] as MemberChildListKey)) continue;
      if (!canViewSection(section, roles)) for (const field of section.fields) delete out[field];
    }
    if (out.falId === undefined) delete out.falecidos;
    for (const list of childLists.values()) {
      if (!hasAny(roles, list.roles.view)) delete out[list.key];
      else {
        const hidden = hiddenNested(list, roles);
        if (hidden.length && Array.isArray(out[list.key]))
          out[list.key] = (out[list.key] as Record<string, unknown>[]).map((row) => {
            const copy = { ...row };
            for (const key of hidden) delete copy[key];
            return copy;
          });
      }
    }
    return out as MemberRecord;
  }

  /** The keys of a list's nested lists the user may not view (ChildListDefinition.nested). */
  const hiddenNested = (list: ChildListDefinition, roles: readonly string[]) =>
    (list.nested ?? []).filter((part) => !hasAny(roles, part.view)).map((part) => part.key as string);

  /** Whether the user may see an audit path (fieldDiffs): its section or list, and a nested list inside a row. */
  function pathVisible(path: string, visibleKeys: ReadonlySet<string>, roles: readonly string[]) {
    const [key, , nested] = path.split('.');
    if (!visibleKeys.has(key!)) return false;
    const list = childLists.get(key as MemberChildListKey);
    return !(list && nested !== undefined && hiddenNested(list, roles).includes(nested));
  }

  /** The child rows of a body, each validated with its list's item schema and enriched from the database. */
  async function childRows(tx: Executor, body: Record<string, unknown>, stored: Record<string, unknown> | null) {
    const out = new Map<ChildListDefinition, MarkedItem[]>();
    for (const list of childLists.values()) {
      const raw = body[list.key];
      if (raw === undefined) continue;
      const items: MarkedItem[] = [];
      for (const [index, item] of (raw as unknown[]).entries()) {
        const parsed = list.itemSchema.safeParse(item);
        if (!parsed.success) throw issuesToError(parsed.error.issues, [list.key, index]);
        items.push(parsed.data);
      }
      out.set(list, list.enrich ? await list.enrich(tx, items, (stored?.[list.key] as MarkedItem[] | undefined) ?? []) : items);
    }
    return out;
  }

  /** 403 when the body changes a section (or a child list) the user may not edit; nothing is written. */
  function checkEditRoles(
    baseline: Record<string, unknown>,
    body: Record<string, unknown>,
    rows: Map<ChildListDefinition, MarkedItem[]>,
    roles: readonly string[],
    inserting: boolean,
  ) {
    const skip = new Set([...READ_ONLY, ...CHILD_KEYS]);
    // A new member's needed sections (Perfil, Dados de cobrança…) are the adding user's to fill (issue 22 item 3).
    const access = { inserting };
    for (const path of changedPaths(baseline, body, skip)) {
      const section = sectionOfField(path.split('.')[0]!);
      if (section && !canEditSection(section, roles, access)) throw forbidden(memberMessages.sectionForbidden(section.label));
    }
    if (body.custPhoto) {
      const personal = sectionOfField('custPhoto')!;
      if (!canEditSection(personal, roles, access)) throw forbidden(memberMessages.sectionForbidden(personal.label));
    }
    for (const [list, items] of rows) {
      if (hasMarkedRows(items) && !hasAny(roles, list.roles.edit)) {
        throw forbidden(memberMessages.sectionForbidden(sectionOfField(list.key)?.label ?? list.key));
      }
      for (const part of list.nested ?? []) {
        if (hasAny(roles, part.edit)) continue;
        const changed = items.some((i) => {
          const rows = (i as unknown as Record<string, unknown>)[part.key];
          return Array.isArray(rows) && hasMarkedRows(rows as MarkedItem[]);
        });
        if (changed) throw forbidden(memberMessages.sectionForbidden(part.label));
      }
    }
  }

  async function assertCpfFree(cpf: string | null | undefined, cstId: number) {
    if (!cpf) return;
    if ((await repo.cpfCount(db, cpf, cstId)) > 0)
      throw badRequest(`custCpf: ${memberMessages.cpfTaken}`, { errors: [{ instancePath: '/custCpf', message: memberMessages.cpfTaken }] });
  }

  /** One save (insert when cstId is null): one transaction for the member, its addresses and child lists, and its audit. */
  /** Members whose base version this instance saw committed (writeBaseVersion): their saves skip it. */
  const baseVersionWritten = new Set<number>();

  async function save(cstId: number | null, body: MemberData, user: MemberUser) {
    const input = body as unknown as Record<string, unknown>;
    let photoKey: string | undefined;
    const afterCommit: (() => void)[] = [];

    const saving = db.transaction(async (tx) => {
      afterCommit.length = 0;
      const stored = cstId === null ? null : await loadFull(tx, cstId, true);
      if (cstId !== null && !stored) throw notFound();
      if (stored && stored.parentId !== null) throw badRequest(memberMessages.dependentNotHolder);
      if (stored && body.version !== stored.version) throw conflict(genericMessages.staleRecord);
      const baseline = (stored ?? { ...emptyMember(), custNumeroInterno: null }) as Record<string, unknown>;

      const rows = await childRows(tx, input, stored as Record<string, unknown> | null);
      checkEditRoles(baseline, input, rows, user.roles, stored === null);

      // The member as it will be: the stored values, overlaid by what the body sent; child lists as the body has them.
      const merged: Record<string, unknown> = { ...baseline };
      for (const [key, value] of Object.entries(input)) if (value !== undefined && !READ_ONLY.has(key) && !CHILD_KEYS.has(key)) merged[key] = value;
      for (const key of CHILD_KEYS) delete merged[key];
      for (const [list, items] of rows) merged[list.key] = items;
      for (const list of childLists.values()) {
        const kept = stored && !rows.has(list) ? (stored as Record<string, unknown>)[list.key] : undefined;
        if (kept !== undefined) merged[list.key] = kept;
      }
      delete merged.custPhoto;
      const checked = memberSchema.safeParse(merged);
      if (!checked.success) throw issuesToError(checked.error.issues);
      const data = checked.data as Record<string, unknown>;

      if (!stored || (input.custCpf !== undefined && data.custCpf !== stored.custCpf))
        await assertCpfFree(data.custCpf as string | null, cstId ?? -1);

      if (body.custPhoto) {
        try {
          photoKey = await photos.savePhoto(body.custPhoto, user.actor.userId);
        } catch (error) {
          if (error instanceof AppError) throw error;
          throw badRequest(memberMessages.invalidPhoto);
        }
      }

      const values = customerValues(data);
      if (stored) {
        // Only the columns that change (a narrower UPDATE); the version moves on even when only a list changed.
        const current = customerValues(stored as unknown as Record<string, unknown>) as Record<string, unknown>;
        for (const key of Object.keys(values) as (keyof typeof values)[]) if (current[key] === values[key]) delete values[key];
      }
      if (photoKey) values.custPhotoKey = photoKey;
      // A record no audit saw begin (seeded, imported) gets its state before this change as its base version. Once
      // written (audits are never deleted) this instance stops asking: the check and the state it carries cost a
      // query of about 1.5 ms on every save (issue 28: PUT user/portal p95 ≤ 15 ms).
      if (stored && !baseVersionWritten.has(stored.cstId)) {
        await repo.writeBaseVersion(tx, AUDIT_CATEGORY, stored.cstId, stored);
        afterCommit.push(() => baseVersionWritten.add(stored.cstId));
      }
      const row = stored
        ? await repo.updateCustomer(tx, stored.cstId, values)
        : await repo.insertCustomer(tx, {
            ...values,
            custName: String(data.custName ?? ''),
            custNumeroInterno: await repo.nextNumeroInterno(tx),
            parentId: null,
          });
      const id = row.cstId;
      // Only what changed is written: an address the body did not change, a list whose rows are all 'none'.
      const changed = stored ? new Set(changedPaths(baseline, input, READ_ONLY).map((p) => p.split('.')[0]!)) : null;
      let addressesChanged = false;
      for (const key of addressKeys) {
        if (changed && !changed.has(key)) continue;
        addressesChanged = true;
        await repo.saveAddress(tx, id, addressKinds[key], addressValues((data[key] ?? {}) as Record<string, unknown>));
      }
      const listsAfter = new Map<MemberChildListKey, unknown[]>();
      const context = { actor: user.actor, roles: user.roles, inserting: !stored, afterCommit: (fn: () => void) => void afterCommit.push(fn) };
      for (const list of childLists.values()) {
        const items = rows.get(list);
        if (!items || !hasMarkedRows(items)) {
          listsAfter.set(list.key, stored ? ((stored as unknown as Record<string, unknown[]>)[list.key] ?? []) : []);
        } else if (list.audit === 'written') {
          // The rows this save wrote: those stored after it that were not stored, as they were, before it.
          const earlier = new Set((stored ? await list.load(tx, id) : []).map((row) => JSON.stringify(row)));
          await list.apply(tx, id, items, context);
          listsAfter.set(
            list.key,
            (await list.load(tx, id)).filter((row) => !earlier.has(JSON.stringify(row))),
          );
        } else {
          await list.apply(tx, id, items, context);
          listsAfter.set(list.key, await list.load(tx, id));
        }
      }
      const before = CARGO_KEYS.map((k) => baseline[k]).filter((v): v is number => typeof v === 'number');
      const after = CARGO_KEYS.map((k) => data[k]).filter((v): v is number => typeof v === 'number');
      await repo.recordPositions(
        tx,
        id,
        before.filter((c) => !after.includes(c)),
        after.filter((c) => !before.includes(c)),
      );

      // The member as saved, for the audit: the returned row, the addresses (read again only when written), the lists.
      const falName =
        row.falId && row.falId === stored?.falId ? (stored.falecidos?.[0]?.label ?? null) : row.falId ? await repo.personName(tx, row.falId) : null;
      const savedAddresses = addressesChanged ? await repo.addresses(tx, id) : null;
      const saved = toRecord({ ...row, falName }, savedAddresses ?? [], listsAfter);
      if (!savedAddresses && stored) for (const key of addressKeys) (saved as unknown as Record<string, unknown>)[key] = stored[key];
      await writeAudit(tx, {
        category: AUDIT_CATEGORY,
        ownerId: id,
        entityId: id,
        action: stored ? 'update' : 'insert',
        user: user.actor,
        before: stored,
        after: saved,
      });
      // The deceased holders of GET datacache change when a holder dies, comes back or a deceased one is renamed.
      const deceasedChanged =
        (stored?.custAssocSituacao ?? null) !== saved.custAssocSituacao || (saved.custAssocSituacao === 5 && stored?.custName !== saved.custName);
      return { cstId: id, version: saved.version, message: stored ? memberMessages.updated : memberMessages.inserted, deceasedChanged };
    });
    const result = await saving.catch(async (error: unknown) => {
      // A photo stored for a save that did not commit is removed again (best effort: the save's error is the answer).
      const log = (err: unknown) => deps.log.warn({ err: loggableError(err) }, 'foto de uma gravação desfeita não removida');
      if (photoKey) await photos.discardPhoto(photoKey).catch(log);
      throw error;
    });
    const { deceasedChanged, ...reply } = result;
    for (const fn of afterCommit) fn();
    if (deceasedChanged) cache = null;
    return reply;
  }

  /** The whole GET datacache reply, kept until a source registry changes (or for DATACACHE_TTL_MS). */
  async function fullDataCache(): Promise<DataCache> {
    const fingerprint = await repo.registriesFingerprint(db);
    if (cache && cache.fingerprint === fingerprint && Date.now() - cache.at < DATACACHE_TTL_MS) return cache.value;
    const [positions, forumPositions, forums, locals, healthPlans, deceased] = await Promise.all([
      repo.positionsList(db),
      repo.forumPositionsList(db),
      repo.forumsList(db),
      repo.localsList(db),
      repo.healthPlansList(db),
      repo.deceasedList(db),
    ]);
    const value: DataCache = {
      version: '',
      civilStatuses: [...civilStatuses],
      kinships: [...kinships],
      profiles: [...memberProfiles],
      situations: [...memberSituations],
      financialStatuses: [...financialStatuses],
      banks: debitPlaces.map((p) => ({ ...p })),
      positions,
      forumPositions,
      forums,
      locals,
      healthPlans,
      treatments: [...treatments],
      communicationPreferences: [...communicationPreferences],
      deceasedSpouses: deceased,
      labelTypes: [...labelTypes],
      followUpStatuses: [...followUpStatuses],
      followUpTypes: [...followUpTypes],
      followUpDepartments: [...followUpDepartments],
      followUpSubjects: followUpSubjects.map((s) => ({ ...s })),
    };
    value.version = createHash('sha1').update(JSON.stringify(value)).digest('hex').slice(0, 16);
    cache = { fingerprint, at: Date.now(), value };
    return value;
  }

  return {
    /** Called from a later tab's module setup: its child list joins the member's load, save and audit. */
    registerChildList<Item extends MarkedItem>(definition: ChildListDefinition<Item>) {
      if (childLists.has(definition.key)) throw new Error(`lista ${definition.key} já registrada`);
      childLists.set(definition.key, definition as unknown as ChildListDefinition);
    },

    /**
     * Called from a later module's setup: fills a computed value of GET user/{cstId} (extratoDatas from the ledger,
     * irDatas from the income tax) for users holding one of its roles ([] for the others); read with the member.
     */
    registerRecordExtra(key: RecordExtraKey, extra: RecordExtra) {
      if (recordExtras.has(key)) throw new Error(`${key} já registrado`);
      recordExtras.set(key, extra);
    },

    async get(cstId: number, roles: readonly string[]): Promise<MemberRecord> {
      // One statement: the member, its child lists and the extras this user may see (extras for the others: []).
      const extras = [...recordExtras].filter(([, extra]) => hasAny(roles, extra.roles));
      const record = await loadFull(db, cstId, false, extras);
      if (!record) throw notFound();
      if (record.parentId !== null) throw badRequest(memberMessages.dependentNotHolder);
      return visibleTo(record, roles);
    },

    insert: (body: MemberData, user: MemberUser) => save(null, body, user),
    update: (cstId: number, body: MemberData, user: MemberUser) => save(cstId, body, user),

    async cpfCheck(cpf: string, cstId: number) {
      const count = await repo.cpfCount(db, cpf, cstId);
      return { status: count > 0 ? ('duplicate' as const) : ('ok' as const), count };
    },

    async positions(cstId: number) {
      const rows = await repo.positions(db, cstId);
      return rows.map((r) => ({ dataEntrada: r.dataEntrada.toISOString(), dataSaida: r.dataSaida?.toISOString() ?? null, cargo: r.cargo }));
    },

    /** A member's audit list of one category; 403 when the user lacks the category's roles (auditCategoryRoles). */
    async audits(cstId: number, category: AuditCategory, roles: readonly string[]): Promise<MemberAuditItem[]> {
      if (!canReadAuditCategory(roles, category)) throw forbidden();
      const rows = await repo.auditList(db, cstId, category);
      return rows.map((r) => ({
        auditId: r.auditId,
        ownerName: r.ownerName,
        ownerId: r.ownerId,
        ownerPhotoKey: r.ownerPhotoKey,
        auditTimestamp: r.at.toISOString(),
        action: r.action,
      }));
    },

    /** The member as it was after one audited change, with the paths that change touched (fieldDiffs). */
    async audit(id: number, roles: readonly string[]): Promise<MemberRecord> {
      const row = await repo.audit(db, id);
      if (!row || row.category !== AUDIT_CATEGORY || !row.after) throw notFound();
      const after = row.after as MemberRecord & Record<string, unknown>;
      const visible = visibleTo({ ...after, extratoDatas: [], irDatas: [] }, roles);
      // Compared as this user sees both versions: a change only in what they may not view names nothing (not even its row).
      const before = row.before ? (visibleTo(row.before as MemberRecord, roles) as unknown as Record<string, unknown>) : null;
      // The base version changed nothing: no field of it is highlighted.
      const diffs = row.action === 'base' ? [] : diffRecords(before, visible as unknown as Record<string, unknown>);
      const visibleKeys = new Set(Object.keys(visible));
      return { ...visible, fieldDiffs: diffs.filter((path) => pathVisible(path, visibleKeys, roles)) };
    },

    /** The member's stored data for documents (label, bond declaration). */
    loadFull: (cstId: number) => loadFull(db, cstId),

    /** The member's own row and addresses (every section, no child list): the portal's form (GET user/portal/{cstId}). */
    async loadRecord(cstId: number): Promise<MemberRecord | null> {
      const loaded = await repo.member(db, cstId, false, []);
      return loaded ? toRecord(loaded.row, loaded.addresses, new Map()) : null;
    },

    canIssueBond,

    /**
     * GET datacache for this user: the whole reply (cached) for a user who edits members; for anyone else the same
     * lists without the deceased holders, except the spouse named on a portal member's own record (issue 22 item 8),
     * with a version of its own.
     */
    async dataCache(user: { roles: readonly string[]; cstId: number | null }): Promise<DataCache> {
      const full = await fullDataCache();
      if (canReadPersonalLookups(user.roles)) return full;
      const own = user.roles.includes('v2portal') && user.cstId !== null ? await repo.deceasedSpouseOf(db, user.cstId) : null;
      const deceasedSpouses = own ? [own] : [];
      const version = createHash('sha1')
        .update(`${full.version}:${JSON.stringify(deceasedSpouses)}`)
        .digest('hex')
        .slice(0, 16);
      return { ...full, version, deceasedSpouses };
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
