import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';
import { profileFormSchema, profileRecordSchema, roleCatalogueReplySchema, userFormSchema, userRecordSchema } from './admin.schema.js';

/** Decision 2: Avançado → Acessos is for superadmins only (every call). */
const access = { roles: ['superadmin'] } as const;
const tags = ['acessos'];
const permParams = z.object({ permId: z.coerce.number().int().min(1) });
const userParams = z.object({ userId: z.coerce.number().int().min(1) });

/** Avançado → Acessos: the role catalogue, permission profiles and users. */
export const accessAdminContracts = {
  roles: defineContract({
    method: 'GET',
    path: '/roles',
    reply: roleCatalogueReplySchema,
    access,
    tags,
    summary: 'Catálogo de papéis com a descrição de cada um',
  }),
  listProfiles: defineContract({
    method: 'GET',
    path: '/acessos/perfis',
    reply: z.array(profileRecordSchema),
    access,
    tags,
    summary: 'Perfis de permissão com seus papéis e quantos usuários os usam',
  }),
  addProfile: defineContract({
    method: 'POST',
    path: '/acessos/perfis',
    body: profileFormSchema,
    reply: profileRecordSchema,
    access,
    tags,
    summary: 'Cria um perfil (papéis só do catálogo)',
  }),
  updateProfile: defineContract({
    method: 'PUT',
    path: '/acessos/perfis/:permId',
    params: permParams,
    body: profileFormSchema,
    reply: profileRecordSchema,
    access,
    tags,
    summary: 'Altera nome, descrição e papéis de um perfil',
  }),
  removeProfile: defineContract({
    method: 'DELETE',
    path: '/acessos/perfis/:permId',
    params: permParams,
    reply: profileRecordSchema,
    access,
    tags,
    summary: 'Apaga um perfil (409 enquanto houver usuários com ele)',
  }),
  listUsers: defineContract({
    method: 'GET',
    path: '/acessos/usuarios',
    reply: z.array(userRecordSchema),
    access,
    tags,
    summary: 'Usuários: CPF, nome, e-mail, perfil, papéis extras, acesso externo, ativo, autenticador',
  }),
  addUser: defineContract({
    method: 'POST',
    path: '/acessos/usuarios',
    body: userFormSchema,
    reply: userRecordSchema,
    access,
    tags,
    summary: 'Cria um usuário sem senha utilizável (ele usa "Primeiro acesso / Esqueci minha senha")',
  }),
  updateUser: defineContract({
    method: 'PUT',
    path: '/acessos/usuarios/:userId',
    params: userParams,
    body: userFormSchema,
    reply: userRecordSchema,
    access,
    tags,
    summary: 'Altera um usuário; vale na próxima requisição dele; desativar encerra as sessões',
  }),
  clearAuthenticator: defineContract({
    method: 'POST',
    path: '/acessos/usuarios/:userId/limpar-autenticador',
    params: userParams,
    reply: userRecordSchema,
    access,
    tags,
    summary: 'Remove o autenticador (segredo TOTP) do usuário',
  }),
};
