import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';
import { versionQuerySchema, withVersion } from '../record-version.js';
import {
  circunscricaoListSchema,
  circunscricaoRecordSchema,
  circunscricaoSchema,
  comarcaRecordSchema,
  comarcaSchema,
  coordinatorOptionSchema,
  coordinatorQuerySchema,
  forumRecordSchema,
  forumSchema,
  localRecordSchema,
  localSchema,
} from './locations.schema.js';

/** Every call of /localizacao needs the roles of that screen (spec 3 §2.12). */
const access = { screens: ['/localizacao'] } as const;
const tags = ['localizacao'] as const;

/** A positive id in the path. */
const id = () => z.coerce.number().int().min(1);
type IdParams<K extends string> = z.ZodObject<{ [P in K]: ReturnType<typeof id> }>;
const idParams = <K extends string>(key: K) => z.object({ [key]: id() }) as unknown as IdParams<K>;

/** One level above the locals: its path, key, parent key (none for a circunscrição), schemas and summaries. */
interface LevelSpec<K extends string, P extends string | undefined, F extends z.ZodType, R extends z.ZodType, L extends z.ZodType> {
  /** '/comarcas': GET/PUT {path}/:key, POST {path}[/:parent], GET {path}/all/:parent (or GET {path}). */
  path: string;
  key: K;
  parentKey: P;
  /** The form's body schema (POST; PUT adds the required version). */
  form: F;
  record: R;
  /** The list's reply. */
  list: L;
  summaries: { list: string; get: string; update: string; add: string };
}

/**
 * The four calls of a level (spec 3 §7): its list (all, or the children of a parent), one record, the save
 * at the read version (204; 409 over a newer one) and the addition (200, the record).
 */
function levelContracts<const K extends string, const P extends string | undefined, F extends z.ZodType, R extends z.ZodType, L extends z.ZodType>(
  level: LevelSpec<K, P, F, R, L>,
) {
  const parent = (level.parentKey === undefined ? undefined : idParams(level.parentKey)) as P extends string ? IdParams<P> : undefined;
  const key = idParams(level.key);
  return {
    list: defineContract({
      method: 'GET',
      path: level.parentKey === undefined ? level.path : `${level.path}/all/:${level.parentKey}`,
      params: parent,
      reply: level.list,
      access,
      summary: level.summaries.list,
      tags,
    }),
    get: defineContract({
      method: 'GET',
      path: `${level.path}/:${level.key}`,
      params: key,
      reply: level.record,
      access,
      summary: level.summaries.get,
      tags,
    }),
    update: defineContract({
      method: 'PUT',
      path: `${level.path}/:${level.key}`,
      params: key,
      body: withVersion(level.form),
      reply: z.null(),
      status: 204,
      access,
      summary: level.summaries.update,
      tags,
    }),
    add: defineContract({
      method: 'POST',
      path: level.parentKey === undefined ? level.path : `${level.path}/:${level.parentKey}`,
      params: parent,
      body: level.form,
      reply: level.record,
      access,
      summary: level.summaries.add,
      tags,
    }),
  };
}

/** Circunscrições: GET/POST circunscricao, GET/PUT circunscricao/{cirId}. */
export const circunscricaoContracts = levelContracts({
  path: '/circunscricao',
  key: 'cirId',
  parentKey: undefined,
  form: circunscricaoSchema,
  record: circunscricaoRecordSchema,
  list: circunscricaoListSchema,
  summaries: {
    list: 'Circunscrições (cirs) e as escolhas de RAJ (rajs: regiões ativas)',
    get: 'Uma circunscrição',
    update: 'Altera circunscrição na versão lida (204; 409 se outro usuário alterou); coordenadores informados passam a todos os locais abaixo dela',
    add: 'Adiciona circunscrição (200, o registro com cirId)',
  },
});

/** Comarcas: GET comarcas/all/{cirId}, GET/PUT comarcas/{comId}, POST comarcas/{cirId}. */
export const comarcaContracts = levelContracts({
  path: '/comarcas',
  key: 'comId',
  parentKey: 'cirId',
  form: comarcaSchema,
  record: comarcaRecordSchema,
  list: z.array(comarcaRecordSchema),
  summaries: {
    list: 'Comarcas de uma circunscrição',
    get: 'Uma comarca',
    update: 'Altera comarca na versão lida (204; 409 se outro usuário alterou); coordenadores informados passam a todos os locais abaixo dela',
    add: 'Adiciona comarca à circunscrição (200, o registro)',
  },
});

/** Fóruns: GET forums/all/{comId}, GET/PUT forums/{apfId}, POST forums/{comId}. */
export const forumContracts = levelContracts({
  path: '/forums',
  key: 'apfId',
  parentKey: 'comId',
  form: forumSchema,
  record: forumRecordSchema,
  list: z.array(forumRecordSchema),
  summaries: {
    list: 'Fóruns de uma comarca',
    get: 'Um fórum',
    update: 'Altera fórum na versão lida (204; 409 se outro usuário alterou); coordenadores informados passam a todos os locais do fórum',
    add: 'Adiciona fórum à comarca (200, o registro)',
  },
});

/** The locals of a forum: GET local/id/{apfId}/{refreshCounter}, POST local/{apfId}, PUT local (key in the body), DELETE local/{locId}. */
export const localContracts = {
  list: defineContract({
    method: 'GET',
    path: '/local/id/:apfId/:refreshCounter',
    params: z.object({ apfId: id(), refreshCounter: z.coerce.number().int().min(0) }),
    reply: z.array(localRecordSchema),
    access,
    summary: 'Locais ativos de um fórum (refreshCounter só evita o cache do cliente)',
    tags,
  }),
  add: defineContract({
    method: 'POST',
    path: '/local/:apfId',
    params: idParams('apfId'),
    body: localSchema,
    reply: localRecordSchema,
    access,
    summary: 'Adiciona local ao fórum (200, o registro); começa com os coordenadores do nível mais próximo acima',
    tags,
  }),
  update: defineContract({
    method: 'PUT',
    path: '/local',
    body: withVersion(localSchema),
    reply: localRecordSchema,
    access,
    summary:
      'Altera local na versão lida; a chave locId e a version vão no corpo (200, o registro; 409 se outro usuário alterou); num local apagado, também o recupera',
    tags,
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/local/:locId',
    params: idParams('locId'),
    query: versionQuerySchema,
    reply: localRecordSchema,
    access,
    summary: 'Apaga local na versão lida (?version=; 200, o registro apagado; recuperável com PUT local; 409 se outro usuário alterou)',
    tags,
  }),
};

/** GET coordenadores?q=: the choices of the coordinator pickers. */
export const coordinatorsContract = defineContract({
  method: 'GET',
  path: '/coordenadores',
  query: coordinatorQuerySchema,
  reply: z.array(coordinatorOptionSchema),
  access,
  summary: 'Escolhas de coordenador: até 20 magistrados titulares (M, N, H, J) cujo nome contém o texto q',
  tags,
});

/** Every call of /localizacao, by level. */
export const locationContracts = {
  circunscricao: circunscricaoContracts,
  comarca: comarcaContracts,
  forum: forumContracts,
  local: localContracts,
  coordinators: coordinatorsContract,
};
