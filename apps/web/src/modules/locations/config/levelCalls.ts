import {
  circunscricaoContracts,
  comarcaContracts,
  coordinatorsContract,
  forumContracts,
  type BodyOf,
  type Circunscricao,
  type Comarca,
  type Forum,
} from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';

/** The calls of one level above the locals, through its contracts (spec 3 §7). */
export interface LevelCalls {
  /** GET one record (edit mode). */
  get(id: number): Promise<Circunscricao | Comarca | Forum>;
  /** POST: a new record under its parent (none for a circunscrição); answers the record. */
  add(parentId: number | null, body: Record<string, unknown>): Promise<Circunscricao | Comarca | Forum>;
  /** PUT at the read version (204). */
  update(id: number, body: Record<string, unknown>): Promise<void>;
  /** The query key of the list under this parent (the prefix of every list of the level without one). */
  listKey(parentId: number | null): readonly unknown[];
}

// The form's values were checked by the level's schema (the modal's form) before a save: they are its body.
export const levelCalls = {
  cir: {
    get: (cirId) => callApi(circunscricaoContracts.get, { params: { cirId } }),
    add: (_, body) => callApi(circunscricaoContracts.add, { body: body as BodyOf<typeof circunscricaoContracts.add> }),
    update: (cirId, body) =>
      callApi(circunscricaoContracts.update, { params: { cirId }, body: body as BodyOf<typeof circunscricaoContracts.update> }),
    listKey: () => queryKeyOf(circunscricaoContracts.list),
  },
  com: {
    get: (comId) => callApi(comarcaContracts.get, { params: { comId } }),
    add: (cirId, body) => callApi(comarcaContracts.add, { params: { cirId: cirId! }, body: body as BodyOf<typeof comarcaContracts.add> }),
    update: (comId, body) => callApi(comarcaContracts.update, { params: { comId }, body: body as BodyOf<typeof comarcaContracts.update> }),
    listKey: (cirId) => (cirId == null ? queryKeyOf(comarcaContracts.list) : queryKeyOf(comarcaContracts.list, { params: { cirId } })),
  },
  forum: {
    get: (apfId) => callApi(forumContracts.get, { params: { apfId } }),
    add: (comId, body) => callApi(forumContracts.add, { params: { comId: comId! }, body: body as BodyOf<typeof forumContracts.add> }),
    update: (apfId, body) => callApi(forumContracts.update, { params: { apfId }, body: body as BodyOf<typeof forumContracts.update> }),
    listKey: (comId) => (comId == null ? queryKeyOf(forumContracts.list) : queryKeyOf(forumContracts.list, { params: { comId } })),
  },
} satisfies Record<'cir' | 'com' | 'forum', LevelCalls>;

/** The query key of the coordinator choices for a text. */
export const coordinatorsKey = (q: string) => queryKeyOf(coordinatorsContract, { query: { q } });
