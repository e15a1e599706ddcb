import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';
import { servicePluginSchema } from './member-service.schema.js';

/** One service's plugin (the edit form of its rows on the member: spec 1 §3 svcEditPlugin). */
export const servicePluginItemSchema = z.object({ svcId: z.number().int(), plugin: servicePluginSchema });
export type ServicePluginItem = z.output<typeof servicePluginItemSchema>;

/**
 * The member's services calls beyond the save (spec 1 §7 pickers are the services registry's own): which services
 * open a plugin form, for the "Adicionar serviço" modal (the member's rows carry svcEditPlugin themselves).
 */
export const memberServiceContracts = {
  plugins: defineContract({
    method: 'GET',
    path: '/servicos/plugins',
    reply: z.array(servicePluginItemSchema),
    access: { screens: ['/associado'] },
    summary: 'Plugins de edição dos serviços (svcId, plugin: plgCelular, plgCCH, plgCCHAdd, plgSeguroVida, plgHealth)',
    tags: ['associado'],
  }),
};
