import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';

/** A coordinator of a local (spec 3 §3: corTitular, corAdjunto are holder magistrates). */
const coordinatorSchema = z.object({ cstId: z.number().int(), custName: z.string() }).nullable();

/**
 * The member's work place as the Localização tab shows it read-only (spec 1 §2 "Local de trabalho" and
 * "Coordenadores"): the chosen local, its forum, comarca and circunscrição from the location registries, and
 * the local's titular and adjunto coordinators.
 */
export const workplaceSchema = z.object({
  locId: z.number().int(),
  locNome: z.string(),
  predioNome: z.string(),
  locPhone1Ddd: z.string().nullable(),
  locPhone1: z.string().nullable(),
  locPhone1Ext: z.string().nullable(),
  locPhone2Ddd: z.string().nullable(),
  locPhone2: z.string().nullable(),
  locPhone2Ext: z.string().nullable(),
  apfId: z.number().int(),
  forNome: z.string(),
  forShort: z.string(),
  forZipcode: z.string().nullable(),
  forAddress: z.string().nullable(),
  forNumber: z.string().nullable(),
  forComplement: z.string().nullable(),
  forCity: z.string().nullable(),
  forState: z.string().nullable(),
  comNome: z.string(),
  cirNome: z.string(),
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
