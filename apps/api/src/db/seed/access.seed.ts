import { sql } from 'drizzle-orm';
import { allRoles, cpfFromBase, type Role } from '@assoc/domain';
import type { Db } from '../client.js';
import { profileRoles, profiles, users } from '../schema/index.js';
import { hashPassword } from '../../lib/password.js';

/** One password for every demo sign-in; listed in the README. */
export const DEMO_PASSWORD = 'Demo@1234';

const memberRecordView: Role[] = [
  'v2tabusuario',
  'v2tabdependente',
  'v2tabservicos',
  'v2tablocalizacao',
  'v2tabextratos',
  'v2tabir',
  'v2tabcobranca',
  'v2tabdocumentos',
  'v2tabressarcimento',
  'v2tabconfiguracao',
  'v2tabqualificacao',
  'v2eml',
  'v2userdadospessoaisview',
  'v2userdadospessoaisemailview',
  'v2userdadospessoaiscelularview',
  'v2userdadosmagistradoview',
  'v2userdadosdatasview',
  'v2userdadoscobrançaview',
  'v2userdadoscontatoview',
  'v2userdadosenderecosview',
  'v2userdadosperfilview',
  'v2userdadosopcoesview',
  'v2userdadosassocview',
  'v2depview',
  'v2depservicoview',
  'v2servicoview',
  'v2cobrancaview',
  'v2docview',
];

export interface DemoProfile {
  key: string;
  name: string;
  description: string;
  roles: Role[];
  /** Deterministic demo user of this profile. */
  user: { cpf: string; name: string; email: string };
  /** Signs in as a member of the association (the portal user is a seeded holder). */
  linkedToMember?: boolean;
}

export const demoProfiles: DemoProfile[] = [
  {
    key: 'superadmin',
    name: 'Superadministrador',
    description: 'Todos os papéis do sistema',
    roles: allRoles.filter((r) => r !== 'v2portal'),
    user: { cpf: cpfFromBase('111444777'), name: 'Ana Superadmin', email: 'superadmin@assoc.local' },
  },
  {
    key: 'atendimento',
    name: 'Atendimento',
    description: 'Equipe de atendimento aos associados',
    roles: [
      'v2access',
      'v2search',
      'v2menuusuario',
      'v2atd',
      'v2menufiltro',
      'v2menunovoassociado',
      'v2menuprocesso',
      'v2menucad',
      'v2menucadterceiro',
      'v2dev',
      'v2userallowupdate',
      'v2userallowaudit',
      ...memberRecordView,
      'v2userdadospessoais',
      'v2userdadospessoaisemail',
      'v2userdadospessoaiscelular',
      'v2userdadosdatas',
      'v2userdadoscontato',
      'v2userdadosenderecos',
      'v2userdadosenderecoslabel',
      'v2userdadosopcoes',
      'v2depadd',
      'v2depedit',
      'v2depservicoedit',
      'v2servicoadd',
      'v2servicoedit',
      'v2extratoprint',
      'v2extratoemail',
      'v2irprint',
      'v2iremail',
      'v2docnew',
    ],
    user: { cpf: cpfFromBase('222555888'), name: 'Bruno Atendimento', email: 'atendimento@assoc.local' },
  },
  {
    key: 'financeiro',
    name: 'Financeiro',
    description: 'Cobrança, fechamento, lançamentos e devoluções',
    roles: [
      'v2access',
      'v2search',
      'v2menuusuario',
      'v2menufinanceiro',
      'v2menufinimp',
      'v2menufincel',
      'v2menufinexp',
      'v2menulancamentos',
      'v2menucad',
      'v2menucadservicos',
      'v2menucadgruposextir',
      'v2dev',
      'v2devapr',
      'v2cchaumento',
      'v2userallowupdate',
      'v2userallowaudit',
      ...memberRecordView,
      'v2userdadoscobrança',
      'v2cobrancanew',
      'v2extratoprint',
      'v2extratoemail',
      'v2extratoestorno',
      'v2irprint',
      'v2iremail',
      'v2servicoadd',
      'v2servicoedit',
      'v2servicodelete',
    ],
    user: { cpf: cpfFromBase('333666999'), name: 'Carla Financeiro', email: 'financeiro@assoc.local' },
  },
  {
    key: 'cch',
    name: 'CCH',
    description: 'Somente análise de pedidos CCH',
    roles: ['v2menucch', 'v2menuusuario', 'v2cchdownload', 'v2cchbeneficioedit'],
    user: { cpf: cpfFromBase('444777000'), name: 'Daniel Cch', email: 'cch@assoc.local' },
  },
  {
    key: 'portal',
    name: 'Portal do associado',
    description: 'Associado no portal de autoatendimento',
    roles: ['v2portal'],
    user: { cpf: '', name: '', email: '' },
    linkedToMember: true,
  },
  {
    key: 'processo',
    name: 'Processo digital',
    description: 'Somente processo digital e terceiros',
    roles: ['v2menuprocesso', 'v2menuusuario', 'v2menucad', 'v2menucadterceiro'],
    user: { cpf: cpfFromBase('555888111'), name: 'Eduarda Processo', email: 'processo@assoc.local' },
  },
];

/**
 * Profiles with their roles and one demo user per profile. The portal user is the given member
 * (a seeded holder) so the portal shows real data. Idempotent.
 */
export async function seedAccess(db: Db, portalMember?: { cstId: number; cpf: string; name: string; email: string | null }) {
  for (const profile of demoProfiles) {
    const [row] = await db
      .insert(profiles)
      .values({ name: profile.name, description: profile.description })
      .onConflictDoUpdate({ target: profiles.name, set: { description: profile.description } })
      .returning({ permId: profiles.permId });
    const permId = row!.permId;
    await db.delete(profileRoles).where(sql`${profileRoles.permId} = ${permId}`);
    await db.insert(profileRoles).values(profile.roles.map((role) => ({ permId, role })));

    const person = profile.linkedToMember ? portalMember : { ...profile.user, cstId: null };
    if (!person || !person.cpf) continue;
    // Hashed per user: each hash gets its own salt, so equal passwords do not show as equal hashes.
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await db
      .insert(users)
      .values({ cpf: person.cpf, name: person.name, email: person.email, passwordHash, permId, cstId: person.cstId })
      .onConflictDoNothing({ target: users.cpf });
  }
}

/** The demo sign-ins as the README lists them. */
export async function demoSignIns(db: Db) {
  const result = await db.execute<{ profile: string; cpf: string; name: string }>(sql`
    select p.name as profile, u.cpf, u.name from users u join profiles p on p.perm_id = u.perm_id order by u.user_id`);
  return result.rows;
}
