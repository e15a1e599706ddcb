import { z } from 'zod';
import { binaryReply, defineContract } from '../contract/route-contract.js';
import { openBalanceParamsSchema, openBalanceRowSchema } from './open-balance.schema.js';

/** /saldoaberto's calls need that screen's roles (v2menufinanceiro, spec 2 §6). */
const access = { screens: ['/saldoaberto'] } as const;
const tags = ['financeiro'] as const;

export const openBalanceContracts = {
  list: defineContract({
    method: 'GET',
    path: '/financeiro/saldoaberto/:channelId',
    params: openBalanceParamsSchema,
    reply: z.array(openBalanceRowSchema),
    access,
    summary:
      'Saldo em aberto: os titulares que devem (soma dos lançamentos do extrato, como cobranca/divida) no canal dado (local de débito atual; 0 = todos), por nome',
    tags,
  }),
  xlsx: defineContract({
    method: 'GET',
    path: '/financeiro/saldoaberto/:channelId/xlsx',
    params: openBalanceParamsSchema,
    reply: binaryReply,
    access,
    summary: 'Saldo em aberto do canal em planilha XLSX (as colunas da tela, saldo em R$, linha de total)',
    tags,
  }),
};
