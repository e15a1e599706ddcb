/**
 * The plugin of a service (spec 1 §3 "Plugin types", svcEditPlugin): the edit form the member's rows of that service
 * open. Chosen in /servico (the services registry) and read by the member's Serviços tab. A leaf module: the
 * registry's schema and the member's service rules both import it.
 */
import { z } from 'zod';
import { genericMessages as m } from '../messages.js';

export const servicePlugins = ['plgCelular', 'plgCCH', 'plgCCHAdd', 'plgSeguroVida', 'plgHealth'] as const;
export type ServicePlugin = (typeof servicePlugins)[number];
export const servicePluginSchema = z.enum(servicePlugins, { error: m.oneOf });

/** The choices of the service form's "Plugin" select (/servico), in this order; no choice is none. */
export const servicePluginOptionLabels: Record<ServicePlugin, string> = {
  plgCelular: 'Celular',
  plgSeguroVida: 'Seguro de vida',
  plgHealth: 'Plano de saúde',
  plgCCH: 'CCH',
  plgCCHAdd: 'CCH adicional',
};
