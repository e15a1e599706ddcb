import {
  genericMessages,
  circunscricaoRecordSchema,
  comarcaRecordSchema,
  forumRecordSchema,
  localRecordSchema,
  locationMessages as msg,
  registryMessages,
  type CircunscricaoList,
  type circunscricaoSchema,
  type comarcaSchema,
  type forumSchema,
  type localSchema,
} from '@assoc/domain';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import { writeAudit } from '../../lib/audit.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { escapeLike } from '../../lib/sql.js';
import { levels, locationsRepository as repo, type LevelTable } from './locations.repository.js';

type Row = Record<string, unknown>;
type CoordinatorFields = { corTitular?: number | null; corAdjunto?: number | null };

/** '' and absent optional texts are stored as null. */
const orNull = <T>(value: T | '' | undefined) => (value === '' || value === undefined ? null : value);

/**
 * One level above the locals: how its body becomes columns, its record, audit category and the
 * 404 text of a missing row.
 */
interface LevelDefinition<Body extends CoordinatorFields, Rec> {
  table: LevelTable;
  category: string;
  notFound: string;
  /** The level above: the parent id column's property and its definition (for the 404 of POST). */
  parent?: { property: string; level: LevelTable; notFound: string };
  toRow(body: Body): Row;
  record: z.ZodType<Rec>;
}

const circunscricaoLevel: LevelDefinition<z.output<typeof circunscricaoSchema>, z.infer<typeof circunscricaoRecordSchema>> = {
  table: levels.circunscricao,
  category: 'circunscricoes',
  notFound: msg.circunscricaoNotFound,
  toRow: (b) => ({
    cirNome: b.cirNome,
    cirRegional: b.cirRegional,
    cirRaj: orNull(b.cirRaj),
    corTitular: orNull(b.corTitular),
    corAdjunto: orNull(b.corAdjunto),
  }),
  record: circunscricaoRecordSchema,
};

const comarcaLevel: LevelDefinition<z.output<typeof comarcaSchema>, z.infer<typeof comarcaRecordSchema>> = {
  table: levels.comarca,
  category: 'comarcas',
  notFound: msg.comarcaNotFound,
  parent: { property: 'cirId', level: levels.circunscricao, notFound: msg.circunscricaoNotFound },
  toRow: (b) => ({ comNome: b.comNome, corTitular: orNull(b.corTitular), corAdjunto: orNull(b.corAdjunto) }),
  record: comarcaRecordSchema,
};

const forumLevel: LevelDefinition<z.output<typeof forumSchema>, z.infer<typeof forumRecordSchema>> = {
  table: levels.forum,
  category: 'foruns',
  notFound: msg.forumNotFound,
  parent: { property: 'comId', level: levels.comarca, notFound: msg.comarcaNotFound },
  toRow: (b) => ({
    forNome: b.forNome,
    forShort: b.forShort,
    forZipcode: orNull(b.forZipcode),
    forAddress: orNull(b.forAddress),
    forNumber: orNull(b.forNumber),
    forComplement: orNull(b.forComplement),
    forCity: orNull(b.forCity),
    forState: orNull(b.forState),
    forPhoneDdd1: orNull(b.forPhoneDdd1),
    apfPhone1: orNull(b.apfPhone1),
    forPhoneDdd2: orNull(b.forPhoneDdd2),
    forPhone2: orNull(b.forPhone2),
    corTitular: orNull(b.corTitular),
    corAdjunto: orNull(b.corAdjunto),
  }),
  record: forumRecordSchema,
};

type LocalBody = z.output<typeof localSchema>;
const localRow = (b: LocalBody) => ({
  locNome: b.locNome,
  predioNome: b.predioNome,
  locPhone1Ddd: orNull(b.locPhone1Ddd),
  locPhone1: orNull(b.locPhone1),
  locPhone1Ext: orNull(b.locPhone1Ext),
  locPhone2Ddd: orNull(b.locPhone2Ddd),
  locPhone2: orNull(b.locPhone2),
  locPhone2Ext: orNull(b.locPhone2Ext),
  locFaxDdd: orNull(b.locFaxDdd),
  locFax: orNull(b.locFax),
});
const localRecord = (row: Row) => localRecordSchema.parse(row);

/** LIKE wildcards typed by the user are searched as text. */

/**
 * The rules of /localizacao (spec 3 §2.12, §5): the three levels and the locals of a forum, parents
 * that must exist, coordinators who must be holder magistrates, and the coordinator rule: a titular
 * and/or adjunto informed on a circunscrição, comarca or fórum is given to every live local beneath,
 * in the same transaction as the save. Every write is audited.
 */
export function createLocationsService(db: Db) {
  /** A coordinator id that is new on the row must be a holder magistrate; a RAJ must be a live region. */
  async function checkReferences(tx: Executor, body: CoordinatorFields & { cirRaj?: number | null }, current: Row | null) {
    for (const field of ['corTitular', 'corAdjunto'] as const) {
      const id = body[field];
      if (id == null || current?.[field] === id) continue;
      if (!(await repo.isCoordinatorCandidate(tx, id))) throw badRequest(`${field}: ${msg.coordinatorNotFound}`);
    }
    if (body.cirRaj != null && current?.cirRaj !== body.cirRaj && !(await repo.liveRegionExists(tx, body.cirRaj))) {
      throw badRequest(`cirRaj: ${msg.rajNotFound}`);
    }
  }

  /** Spec 3 §5 and §8: the informed coordinators go to every live local beneath; one audit row sums it up. */
  async function propagate(tx: Executor, def: LevelDefinition<CoordinatorFields, unknown>, id: number, body: CoordinatorFields, actor: Actor) {
    const set: { corTitular?: number; corAdjunto?: number } = {};
    if (body.corTitular != null) set.corTitular = body.corTitular;
    if (body.corAdjunto != null) set.corAdjunto = body.corAdjunto;
    const changed = await repo.propagateCoordinators(tx, def.table, id, set);
    if (!changed.length) return;
    await writeAudit(tx, {
      category: 'locais',
      entityId: `${def.category}:${id}`,
      action: 'update',
      user: actor,
      before: changed,
      after: { ...set, locIds: changed.map((r) => r.locId) },
    });
  }

  function level<Body extends CoordinatorFields, Rec>(def: LevelDefinition<Body, Rec>) {
    const toRecord = (row: Row | undefined) => {
      if (!row) throw notFound(def.notFound);
      return def.record.parse(row);
    };
    const assertParent = async (tx: Executor, parentId: number) => {
      if (def.parent && !(await repo.exists(tx, def.parent.level, parentId))) throw notFound(def.parent.notFound);
    };
    return {
      /** Every row, or the children of a parent that must exist. */
      async list(parentId?: number): Promise<Rec[]> {
        if (parentId !== undefined) await assertParent(db, parentId);
        return (await repo.listLevel(db, def.table, parentId)).map(toRecord);
      },
      async get(id: number): Promise<Rec> {
        return toRecord(await repo.findLevel(db, def.table, id));
      },
      async add(body: Body, actor: Actor, parentId?: number): Promise<Rec> {
        return db.transaction(async (tx) => {
          if (def.parent && parentId !== undefined) {
            // Locked so the parent cannot change under the new row.
            if (!(await repo.lockLevel(tx, def.parent.level, parentId))) throw notFound(def.parent.notFound);
          }
          await checkReferences(tx, body, null);
          const values = { ...def.toRow(body), ...(def.parent ? { [def.parent.property]: parentId } : {}) };
          const id = await repo.insertLevel(tx, def.table, values);
          const after = toRecord(await repo.findLevel(tx, def.table, id));
          await writeAudit(tx, { category: def.category, entityId: id, action: 'insert', user: actor, before: null, after });
          return after;
        });
      },
      /** Saves a row read at `version`; a newer version refuses it with 409 and changes nothing (decision 5). */
      async update(id: number, body: Body, version: number, actor: Actor): Promise<Rec> {
        return db.transaction(async (tx) => {
          const current = await repo.lockLevel(tx, def.table, id);
          if (!current) throw notFound(def.notFound);
          // References first: the database would refuse an unknown one with a less precise message.
          await checkReferences(tx, body, current);
          const before = toRecord(await repo.findLevel(tx, def.table, id));
          // The UPDATE itself judges the version (its WHERE), so no other save can slip in between.
          if (!(await repo.updateLevel(tx, def.table, id, def.toRow(body), version))) throw conflict(genericMessages.staleRecord);
          await propagate(tx, def as LevelDefinition<CoordinatorFields, unknown>, id, body, actor);
          const after = toRecord(await repo.findLevel(tx, def.table, id));
          await writeAudit(tx, { category: def.category, entityId: id, action: 'update', user: actor, before, after });
          return after;
        });
      },
    };
  }

  const circunscricoes = level(circunscricaoLevel);

  return {
    circunscricoes: {
      ...circunscricoes,
      /** GET circunscricao: the list and the RAJ choices (live regions). */
      async listWithRajs(): Promise<CircunscricaoList> {
        const [cirs, rajs] = await Promise.all([circunscricoes.list(), repo.listRajs(db)]);
        return { cirs, rajs };
      },
    },
    comarcas: level(comarcaLevel),
    forums: level(forumLevel),

    locals: {
      /** The live locals of a forum that must exist. */
      async list(apfId: number) {
        if (!(await repo.exists(db, levels.forum, apfId))) throw notFound(msg.forumNotFound);
        return (await repo.listLocals(db, apfId)).map(localRecord);
      },

      /** A new local of a forum; it starts with the nearest coordinators above it. */
      async add(apfId: number, body: LocalBody, actor: Actor) {
        return db.transaction(async (tx) => {
          if (!(await repo.lockLevel(tx, levels.forum, apfId))) throw notFound(msg.forumNotFound);
          const coordinators = await repo.inheritedCoordinators(tx, apfId);
          const locId = await repo.insertLocal(tx, { apfId, ...localRow(body), ...coordinators });
          const after = localRecord((await repo.findLocal(tx, locId))!);
          await writeAudit(tx, { category: 'locais', entityId: locId, action: 'insert', user: actor, before: null, after });
          return after;
        });
      },

      /**
       * Saves a local read at `version` (key in the body); on a deleted local it also recovers it.
       * Coordinators stay. A newer version refuses it with 409 (decision 5).
       */
      async update(body: LocalBody, version: number, actor: Actor) {
        return db.transaction(async (tx) => {
          const current = await repo.lockLocal(tx, body.locId);
          if (!current) throw notFound(msg.localNotFound);
          const before = localRecord((await repo.findLocal(tx, body.locId))!);
          if (!(await repo.updateLocal(tx, body.locId, { ...localRow(body), deletedAt: null }, version))) throw conflict(genericMessages.staleRecord);
          const after = localRecord((await repo.findLocal(tx, body.locId))!);
          await writeAudit(tx, {
            category: 'locais',
            entityId: body.locId,
            action: current.deletedAt != null ? 'restore' : 'update',
            user: actor,
            before,
            after,
          });
          return after;
        });
      },

      /**
       * Soft delete of a local read at `version`: it leaves the list and can be recovered with PUT
       * local. Answers the deleted local with its new version, the one a restore must name.
       */
      async remove(locId: number, version: number, actor: Actor) {
        return db.transaction(async (tx) => {
          const current = await repo.lockLocal(tx, locId);
          if (!current) throw notFound(msg.localNotFound);
          if (current.deletedAt != null) throw conflict(registryMessages.alreadyDeleted);
          const before = localRecord((await repo.findLocal(tx, locId))!);
          if (!(await repo.updateLocal(tx, locId, { deletedAt: new Date() }, version))) throw conflict(genericMessages.staleRecord);
          await writeAudit(tx, { category: 'locais', entityId: locId, action: 'delete', user: actor, before, after: null });
          return localRecord((await repo.findLocal(tx, locId))!);
        });
      },
    },

    /** GET coordenadores?q=: holder magistrates whose name has every word of the text. */
    async searchCoordinators(q: string | undefined) {
      const words = (q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5).map(escapeLike);
      return repo.searchCoordinators(db, words);
    },
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;
