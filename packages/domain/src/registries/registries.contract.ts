import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';
import { registryContracts } from './registry.contract.js';
import {
  assocCargoRecordSchema,
  assocCargoSchema,
  extratoGroupRecordSchema,
  extratoGroupSchema,
  feriadoRecordSchema,
  feriadoSchema,
  forumCargoRecordSchema,
  forumCargoSchema,
  messageTemplateRecordSchema,
  messageTemplateSchema,
  templateChannelLabels,
  type TemplateChannel,
} from './registries.schema.js';
import { terceiroDocumentCheckSchema, terceiroRecordSchema, terceiroSchema } from './terceiro.schema.js';

/** Holidays (spec 3 §2.10): GET/POST feriados, PUT/DELETE feriados/{ferId}. */
export const feriadoContracts = registryContracts({
  path: 'feriados',
  noun: 'feriados',
  tag: 'cadastros',
  record: feriadoRecordSchema,
  body: feriadoSchema,
  screens: { read: ['/feriados'], write: ['/feriados'] },
});

/** Forum positions (spec 3 §2.11): GET/POST forumcargos, PUT/DELETE forumcargos/{afcId}. */
export const forumCargoContracts = registryContracts({
  path: 'forumcargos',
  noun: 'cargos de fórum',
  tag: 'cadastros',
  record: forumCargoRecordSchema,
  body: forumCargoSchema,
  screens: { read: ['/forumcargos'], write: ['/forumcargos'] },
});

/** Association positions ({product}cargos = assoccargos): GET/POST assoccargos, PUT/DELETE assoccargos/{aacId}. */
export const assocCargoContracts = registryContracts({
  path: 'assoccargos',
  noun: 'cargos da associação',
  tag: 'cadastros',
  record: assocCargoRecordSchema,
  body: assocCargoSchema,
  screens: { read: ['/assoccargos'], write: ['/assoccargos'] },
});

/**
 * Statement groups (spec 3 §2.8): GET/POST extratogroup, PUT/DELETE extratogroup/{extgrpID}. The list
 * also feeds the services' statement-group and IR-group dropdowns, so /servico may read it.
 */
export const extratoGroupContracts = registryContracts({
  path: 'extratogroup',
  noun: 'grupos de extrato/IR',
  tag: 'cadastros',
  record: extratoGroupRecordSchema,
  body: extratoGroupSchema,
  screens: { read: ['/extratogroup', '/servico'], write: ['/extratogroup'] },
});

const templateContractsOf = <const P extends TemplateChannel>(channel: P) =>
  registryContracts({
    path: channel,
    noun: `modelos de ${templateChannelLabels[channel]}`,
    tag: 'cadastros',
    record: messageTemplateRecordSchema,
    body: messageTemplateSchema,
    screens: { read: ['/emails'], write: ['/emails'] },
  });

/** Message templates (spec 3 §2.6, decision 16): sms, whatsapp and email, same shape, one table. */
export const templateContracts = {
  sms: templateContractsOf('sms'),
  whatsapp: templateContractsOf('whatsapp'),
  email: templateContractsOf('email'),
} satisfies Record<TemplateChannel, unknown>;

const terceiroScreens = { read: ['/terceiros'], write: ['/terceiros'] } as const;

/**
 * Third parties (spec 3 §2.7): GET/POST process/terceiros, PUT/DELETE process/terceiros/{terId}, and the
 * document check of the form.
 */
export const terceiroContracts = {
  ...registryContracts({
    path: 'process/terceiros',
    noun: 'terceiros',
    tag: 'cadastros',
    record: terceiroRecordSchema,
    body: terceiroSchema,
    screens: terceiroScreens,
  }),
  checkDocument: defineContract({
    method: 'GET',
    path: '/process/terceiros/:terId/:terTipo/:document',
    params: z.object({ terId: z.coerce.number().int(), terTipo: z.coerce.number().int(), document: z.string().max(20) }),
    reply: terceiroDocumentCheckSchema,
    access: { screens: terceiroScreens.write },
    summary: 'Confere o CPF/CNPJ de um terceiro: válido para o tipo e não usado por outro terceiro',
    tags: ['cadastros'],
  }),
};
