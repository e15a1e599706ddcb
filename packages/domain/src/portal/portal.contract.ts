import { defineContract } from '../contract/route-contract.js';
import { memberIdParamsSchema } from '../members/member.contract.js';
import { portalRecordSchema, portalSaveReplySchema, portalSaveSchema } from './portal.schema.js';

const tags = ['portal'] as const;

/**
 * The portal's Cadastro calls (spec 3 §7). Self-only (`roles: []`, `self: 'cstId'`): the member's own record;
 * about anyone else 404 (staff included, whatever their roles), anonymous 401. Staff read and change a member
 * through GET/PUT user/{cstId}; the portal never calls those (docs/PORTAL.md).
 */
export const portalContracts = {
  get: defineContract({
    method: 'GET',
    path: '/user/portal/:cstId',
    params: memberIdParamsSchema,
    reply: portalRecordSchema,
    access: { roles: [], self: 'cstId' },
    summary: 'Portal: o cadastro do próprio associado (dados somente leitura e editáveis, endereço do fórum se ativo, dependentes e versão)',
    tags,
  }),
  save: defineContract({
    method: 'PUT',
    path: '/user/portal/:cstId',
    params: memberIdParamsSchema,
    body: portalSaveSchema,
    reply: portalSaveReplySchema,
    access: { roles: [], self: 'cstId' },
    summary:
      'Portal: grava os campos editáveis do próprio associado (e-mail, celular, concurso, opções, endereços residencial e comercial, contato); outro campo: 400; versão antiga: 409',
    tags,
  }),
};
