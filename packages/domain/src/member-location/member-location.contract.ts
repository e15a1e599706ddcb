import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';
import {
  circunscricaoRecordSchema,
  comarcaRecordSchema,
  coordinatorOptionSchema,
  forumRecordSchema,
  localRecordSchema,
} from '../locations/locations.schema.js';

/** A coordinator of a local (spec 3 §3: corTitular, corAdjunto are holder magistrates), as the coordinator pickers show it. */
const coordinatorSchema = coordinatorOptionSchema.nullable();

/**
 * The member's work place as the Localização tab shows it read-only (spec 1 §2 "Local de trabalho" and
 * "Coordenadores"): the chosen local, its forum, comarca and circunscrição from the location registries, and
 * the local's titular and adjunto coordinators. The fields are the registries' own (locations.schema.ts).
 */
export const workplaceSchema = localRecordSchema
  .pick({
    locId: true,
    locNome: true,
    predioNome: true,
    locPhone1Ddd: true,
    locPhone1: true,
    locPhone1Ext: true,
    locPhone2Ddd: true,
    locPhone2: true,
    locPhone2Ext: true,
  })
  .extend(
    forumRecordSchema.pick({
      apfId: true,
      forNome: true,
      forShort: true,
      forZipcode: true,
      forAddress: true,
      forNumber: true,
      forComplement: true,
      forCity: true,
      forState: true,
    }).shape,
  )
  .extend({
    comNome: comarcaRecordSchema.shape.comNome,
    cirNome: circunscricaoRecordSchema.shape.cirNome,
    titular: coordinatorSchema,
    adjunto: coordinatorSchema,
  });
export type Workplace = z.output<typeof workplaceSchema>;

export const memberLocationContracts = {
  workplace: defineContract({
    method: 'GET',
    path: '/localizacao/trabalho/:locId',
    params: z.object({ locId: z.coerce.number().int().min(1) }),
    reply: workplaceSchema,
    access: { roles: ['v2tablocalizacao'] },
    summary: 'Local de trabalho da aba Localização: o local, seu fórum, comarca e circunscrição, e os coordenadores titular e adjunto do local',
    tags: ['associado'],
  }),
};
