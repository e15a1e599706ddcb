import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';
import { efetuadoPeriodSchema, efetuadoServiceSchema } from './efetuado.schema.js';

const tags = ['efetuado'] as const;

/** The Efetuado screen's pickers (issue 24 item 4; ours: the spec shows the screen, not these calls). */
export const efetuadoContracts = {
  periods: defineContract({
    method: 'GET',
    path: '/financeiro/efetuado/periodos',
    reply: z.array(efetuadoPeriodSchema),
    access: { roles: ['v2menufinanceiro'] },
    summary: 'Períodos fechados (fecId, MM/AAAA, data do fechamento), do mais recente ao mais antigo',
    tags,
  }),
  services: defineContract({
    method: 'GET',
    path: '/financeiro/efetuado/servicos',
    reply: z.array(efetuadoServiceSchema),
    access: { roles: ['v2menufinanceiro'] },
    summary: 'Serviços ativos para o relatório EFETUADO SERVIÇO (com produto, fornecedor e se é de saúde)',
    tags,
  }),
};
