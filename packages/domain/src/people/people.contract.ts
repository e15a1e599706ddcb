import { z } from 'zod';
import type { Role } from '../access/roles.js';
import { binaryReply, defineContract } from '../contract/route-contract.js';
import { personSuggestionSchema, searchHistoryItemSchema, searchMessages, searchRequestSchema } from './search.schema.js';

const tags = ['pesquisa'] as const;

/** GET searchhistory/{cstId} path parameters: the member's id, up to 9 digits. */
const memberIdParamsSchema = z.object({
  cstId: z
    .string()
    .regex(/^\d{1,9}$/, searchMessages.invalidId)
    .transform(Number),
});

/** Top-bar member search and the dashboard's view history (spec 1 §2, spec 3 §2.2-2.3). */
export const searchContracts = {
  search: defineContract({
    method: 'POST',
    path: '/search',
    body: searchRequestSchema,
    reply: z.array(personSuggestionSchema),
    access: { roles: ['v2search'] },
    summary: 'Pesquisa de pessoas: titulares, dependentes e terceiros por nome, CPF/CNPJ ou número interno',
    tags,
  }),
  history: defineContract({
    method: 'GET',
    path: '/searchhistory',
    reply: z.array(searchHistoryItemSchema),
    access: { roles: ['v2access'] },
    summary: 'Pessoas abertas recentemente pelo usuário (mais recentes primeiro, até 20)',
    tags,
  }),
  recordView: defineContract({
    method: 'GET',
    path: '/searchhistory/:cstId',
    params: memberIdParamsSchema,
    reply: z.array(searchHistoryItemSchema),
    access: { roles: ['v2access'] },
    // Records the view: a GET that changes state sends the XSRF header (issue 8 §8).
    xsrf: true,
    summary: 'Registra que o usuário abriu o associado e devolve o histórico atualizado',
    tags,
  }),
};

/**
 * Who may see any member's photo (issue 22 item 5): the staff with full access, who meet photos in the search
 * suggestions, the dashboard, the member record and the audit lists. Anyone else sees only their own photo and their
 * dependents' (a portal member views their dependents), and only their own user's avatar.
 */
export const photoViewRoles = ['v2access'] as const satisfies readonly Role[];
export const canViewAnyPhoto = (roles: readonly string[]) => photoViewRoles.some((role) => roles.includes(role));

/**
 * A person's photo thumbnail (spec 1 §7 and §9, spec 3 §2.3), fetched by the browser itself (`<img src>`).
 * The key is the member's custPhotoKey (a new key for every new photo, so the images are cached for good).
 */
export const personPhotoContracts = {
  thumbnail: defineContract({
    method: 'GET',
    path: '/thumbs/:size/:key',
    params: z.object({ size: z.coerce.number().int().min(1), key: z.string().min(1) }),
    reply: binaryReply,
    access: { signedIn: true },
    summary:
      'Miniatura da foto de uma pessoa pela chave custPhotoKey: tamanho 2 = 160x212 (avatar), tamanho 1 = 40x53; JPEG, cache privado; 404 para chave ou tamanho desconhecidos e, sem v2access, para quem não é a própria pessoa ou seu dependente',
    tags: ['pessoas'],
  }),
  ownerThumbnail: defineContract({
    method: 'GET',
    path: '/thumbs/:ownerId',
    params: z.object({
      ownerId: z
        .string()
        .regex(/^\d{1,9}$/, 'Usuário inválido')
        .transform(Number),
    }),
    reply: binaryReply,
    access: { signedIn: true },
    summary:
      'Miniatura (160x212) do usuário da equipe, para a lista de alterações da auditoria: a foto do associado do usuário (seu cadastro ou o associado com o mesmo CPF), senão uma silhueta; sem v2access, só a do próprio usuário (403)',
    tags: ['pessoas'],
  }),
};
