/** Avançado → Acessos (decision 2): permission profiles and users, superadmin only. */
import { z } from 'zod';
import { genericMessages as m } from '../messages.js';
import { cpfField, emailField, requiredText, safeText } from '../validation.js';
import { isRole, roleCatalogue } from './roles.js';

/** Role names: only from the catalogue. */
export const roleNameSchema = z.string({ error: m.required }).refine((v) => isRole(v), { error: 'Papel desconhecido' });

export const accessAdminMessages = {
  profileInUse: (n: number) => `Perfil em uso por ${n} usuário(s). Altere o perfil desses usuários antes de apagar.`,
  profileNameTaken: 'Já existe um perfil com este nome',
  cpfTaken: 'CPF já cadastrado',
  profileNotFound: 'Perfil não encontrado',
  userNotFound: 'Usuário não encontrado',
  selfDeactivate: 'Você não pode desativar o seu próprio usuário',
  selfSuperadmin: 'Você não pode remover o papel superadmin do seu próprio usuário',
  authenticatorCleared: 'Autenticador removido. O usuário deverá configurá-lo novamente.',
} as const;

export const roleInfoSchema = z.object({ role: z.string(), description: z.string() });
export const roleCatalogueReplySchema = z.array(roleInfoSchema);
export const roleCatalogueList = () => Object.entries(roleCatalogue).map(([role, description]) => ({ role, description }));

export const profileFormSchema = z.object({
  name: requiredText(2, 64),
  description: safeText().trim().max(200, m.maxLength(200)).default(''),
  roles: z.array(roleNameSchema).default([]),
});
export type ProfileFormInput = z.input<typeof profileFormSchema>;

export const profileRecordSchema = z.object({
  permId: z.number().int(),
  name: z.string(),
  description: z.string(),
  roles: z.array(z.string()),
  userCount: z.number().int(),
});
export type ProfileRecord = z.infer<typeof profileRecordSchema>;

export const userFormSchema = z.object({
  cpf: cpfField(),
  name: requiredText(2, 64),
  email: emailField({ required: true }),
  permId: z.number({ error: m.required }).int().min(1, m.required),
  extraRoles: z.array(roleNameSchema).default([]),
  fnAllowExternal: z.boolean().default(false),
  active: z.boolean().default(true),
});
export type UserFormInput = z.input<typeof userFormSchema>;

export const userRecordSchema = z.object({
  userId: z.number().int(),
  cpf: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  permId: z.number().int().nullable(),
  profileName: z.string().nullable(),
  extraRoles: z.array(z.string()),
  fnAllowExternal: z.boolean(),
  active: z.boolean(),
  hasAuthenticator: z.boolean(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;
