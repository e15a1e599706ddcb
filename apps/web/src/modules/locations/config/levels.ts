import { circunscricaoSchema, comarcaSchema, forumSchema, formatCep, type Circunscricao, type Comarca, type Forum } from '@assoc/domain';
import type { z } from 'zod';
import type { FormValues } from '../../ui/form';
import { levelCalls, type LevelCalls } from './levelCalls';

/** The three levels above the locals (spec 3 §2.12). */
export type LevelKind = 'cir' | 'com' | 'forum';

type AnyRecord = Circunscricao | Comarca | Forum;

export interface LevelConfig {
  /** Modal title. */
  title: string;
  /** Label of the picker (plural, as the spec shows it). */
  pickerLabel: string;
  addLabel: string;
  editLabel: string;
  emptyLabel: string;
  schema: z.ZodType;
  modalSize: string;
  /** The level's calls: GET one record (edit mode), POST (under the parent for comarca and fórum), PUT (204), the list's key. */
  calls: LevelCalls;
  keyOf: (record: AnyRecord) => number;
  nameOf: (record: AnyRecord) => string;
  newValues: () => FormValues;
  toValues: (record: AnyRecord) => FormValues;
}

const text = (value: string | null | undefined) => value ?? '';
const coordinators = (r: { corTitular: number | null; corAdjunto: number | null }) => ({ corTitular: r.corTitular, corAdjunto: r.corAdjunto });

export const levelConfigs: Record<LevelKind, LevelConfig> = {
  cir: {
    title: 'Circunscrição',
    pickerLabel: 'Circunscrições',
    addLabel: 'Nova circunscrição',
    editLabel: 'Editar circunscrição',
    emptyLabel: 'Nenhuma circunscrição',
    schema: circunscricaoSchema,
    modalSize: 'lg',
    calls: levelCalls.cir,
    keyOf: (r) => (r as Circunscricao).cirId,
    nameOf: (r) => (r as Circunscricao).cirNome,
    newValues: () => ({ cirId: 0, cirNome: '', cirRegional: '', cirRaj: null, corTitular: null, corAdjunto: null }),
    toValues: (record) => {
      const r = record as Circunscricao;
      return { cirId: r.cirId, version: r.version, cirNome: r.cirNome, cirRegional: r.cirRegional, cirRaj: r.cirRaj, ...coordinators(r) };
    },
  },
  com: {
    title: 'Comarca',
    pickerLabel: 'Comarcas',
    addLabel: 'Nova comarca',
    editLabel: 'Editar comarca',
    emptyLabel: 'Nenhuma comarca',
    schema: comarcaSchema,
    modalSize: 'lg',
    calls: levelCalls.com,
    keyOf: (r) => (r as Comarca).comId,
    nameOf: (r) => (r as Comarca).comNome,
    newValues: () => ({ comId: 0, comNome: '', corTitular: null, corAdjunto: null }),
    toValues: (record) => {
      const r = record as Comarca;
      return { comId: r.comId, version: r.version, comNome: r.comNome, ...coordinators(r) };
    },
  },
  forum: {
    title: 'Fórum',
    pickerLabel: 'Fóruns',
    addLabel: 'Novo fórum',
    editLabel: 'Editar fórum',
    emptyLabel: 'Nenhum fórum',
    schema: forumSchema,
    modalSize: 'xl',
    calls: levelCalls.forum,
    keyOf: (r) => (r as Forum).apfId,
    nameOf: (r) => (r as Forum).forNome,
    newValues: () => ({
      apfId: 0,
      forNome: '',
      forShort: '',
      forZipcode: '',
      forAddress: '',
      forNumber: '',
      forComplement: '',
      forCity: '',
      forState: '',
      forPhoneDdd1: '',
      apfPhone1: '',
      forPhoneDdd2: '',
      forPhone2: '',
      corTitular: null,
      corAdjunto: null,
    }),
    toValues: (record) => {
      const r = record as Forum;
      return {
        apfId: r.apfId,
        version: r.version,
        forNome: r.forNome,
        forShort: r.forShort,
        forZipcode: formatCep(r.forZipcode),
        forAddress: text(r.forAddress),
        forNumber: text(r.forNumber),
        forComplement: text(r.forComplement),
        forCity: text(r.forCity),
        forState: text(r.forState),
        forPhoneDdd1: text(r.forPhoneDdd1),
        apfPhone1: text(r.apfPhone1),
        forPhoneDdd2: text(r.forPhoneDdd2),
        forPhone2: text(r.forPhone2),
        ...coordinators(r),
      };
    },
  },
};
