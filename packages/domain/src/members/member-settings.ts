/**
 * The Configurações tab [10] of the member record (decision 20; decisions 2 and 3): the member's portal
 * access — sign-in on/off, permission profile (permIdv2), external access (fnAllowExternal) — saved with the
 * member as the one-row child list `portalAcesso`, and the call that e-mails a first-access link.
 * The communication preference and the statement / I.R. by e-mail stay in the Usuário tab's options section
 * (spec 1 §2 names "options" in the Usuário tab), so no field is shown twice.
 */
import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';
import { genericMessages as m } from '../messages.js';

export const memberSettingsMessages = {
  noEmail: 'Associado sem e-mail cadastrado.',
  noAccess: 'O acesso ao portal está desligado para este associado.',
  noCpf: 'Associado sem CPF: não é possível criar o acesso ao portal.',
  noPortalProfile: 'Nenhum perfil de portal cadastrado (Avançado → Acessos).',
  profileNotFound: 'Perfil não encontrado.',
  accessAdminOnly: 'Somente quem administra os acessos pode mudar o perfil ou o acesso externo.',
  userHasMoreRoles: 'Este acesso tem papéis que você não possui: somente quem administra os acessos pode alterá-lo.',
  cpfInUse: 'O CPF do associado já pertence a outro acesso ligado a outra pessoa.',
  firstAccessSent: 'Link de primeiro acesso enviado.',
  tooManyRequests: (minutes: number) => `Muitos envios de primeiro acesso. Tente novamente em ${minutes} minutos.`,
} as const;

/** The markers this list accepts: the row always exists (a member without an account has userId null). */
export const portalAccessOperations = ['none', 'update'] as const;

/** The member's portal access (one row; `userId`, `hasAuthenticator` and `profileName` are the server's). */
export const portalAccessItemSchema = z.object({
  userId: z.number().int().nullable().optional(),
  /** Sign-in on/off (users.active; turning it on for a member without an account creates one). */
  active: z.boolean({ error: m.oneOf }),
  /** The permission profile (decision 2); null only while there is no account. */
  permIdv2: z.number({ error: m.oneOf }).int({ error: m.oneOf }).min(1, m.oneOf).nullable(),
  /** External access with the authenticator code (decision 3). */
  fnAllowExternal: z.boolean({ error: m.oneOf }),
  profileName: z.string().nullable().optional(),
  hasAuthenticator: z.boolean().optional(),
  operation: z.enum(portalAccessOperations, { error: m.oneOf }),
});
export type PortalAccessItem = z.output<typeof portalAccessItemSchema>;
export type PortalAccessItemInput = z.input<typeof portalAccessItemSchema>;

/** The row of a member without an account. */
export const noPortalAccess = (): PortalAccessItem => ({
  userId: null,
  active: false,
  permIdv2: null,
  fnAllowExternal: false,
  profileName: null,
  hasAuthenticator: false,
  operation: 'none',
});

const tags = ['associado'];
/** user/primeiroacesso/{cstId} (the same rule as member.contract.ts's ids; not imported: member.schema.ts imports this file). */
const cstIdParams = z.object({
  cstId: z
    .string()
    .regex(/^\d{1,9}$/, 'Código de associado inválido')
    .transform(Number),
});

export const memberSettingsContracts = {
  /** The permission profiles the Configurações tab's dropdown offers. */
  profiles: defineContract({
    method: 'GET',
    path: '/user/acesso/perfis',
    reply: z.array(z.object({ value: z.number().int(), label: z.string() })),
    access: { roles: ['v2tabconfiguracao'] },
    summary: 'Perfis de permissão para o acesso do associado (aba Configurações)',
    tags,
  }),
  /**
   * E-mails the member a first-access link (the password-reset link of /reset, kept out of the readable outbox
   * text); rate-limited per member and audited.
   */
  firstAccess: defineContract({
    method: 'POST',
    path: '/user/primeiroacesso/:cstId',
    params: cstIdParams,
    reply: z.null(),
    status: 204,
    access: { roles: ['v2tabconfiguracao'] },
    summary: 'Envia ao associado um link de primeiro acesso ao portal (aba Configurações)',
    tags,
  }),
};
