import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';
import { followUpRecordSchema, followUpUpdateSchema } from './follow-up.schema.js';

/** /acompanhamento's calls (spec 2 §7) need the roles of that screen (v2atd; spec 2 §6 names no finer ones). */
const access = { screens: ['/acompanhamento'] } as const;
const tags = ['acompanhamento'] as const;

export const followUpContracts = {
  list: defineContract({
    method: 'GET',
    path: '/acompanhamento/:status',
    params: z.object({ status: z.coerce.number().int().min(1).max(3) }),
    reply: z.array(followUpRecordSchema),
    access,
    summary: 'Atendimentos com a situação dada (1 Pendente, 2 Retornar, 3 Concluído), do mais recente ao mais antigo',
    tags,
  }),
  update: defineContract({
    method: 'PUT',
    path: '/acompanhamento/:atdId',
    params: z.object({ atdId: z.coerce.number().int().min(1) }),
    body: followUpUpdateSchema,
    reply: followUpRecordSchema,
    access,
    summary:
      'Altera o atendimento inteiro (tipo, departamento, assunto, observação, situação) na versão lida (200, o registro; 409 se outro usuário alterou)',
    tags,
  }),
};
