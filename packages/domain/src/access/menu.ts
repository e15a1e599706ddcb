import { jobCommands, jobTarget, type JobCommand } from './jobs.js';
import { canOpenRoute, homeFor, homeScreens } from './routes.js';
import type { Role } from './roles.js';

/**
 * The one role-annotated menu (spec 1 §2, decision 21). GET tree serves it filtered for the user;
 * the web renders what it gets. A node shows when the user holds its role, every ancestor's role,
 * and (for a route) can open the route.
 */
export interface MenuNode {
  label: string;
  role?: Role;
  /** A route of the app. */
  to?: string;
  /** A background job started after confirmation. */
  job?: JobCommand;
  /** A page opened in a popup window. */
  url?: string;
  children?: MenuNode[];
}

const jobNodes = (role?: Role): MenuNode[] =>
  jobCommands
    .filter((j) => !j.screen && !j.screenButton && (role ? j.role === role : true))
    .map((job) => ({ label: job.label, role: job.role, job }));

/** Job links of the finance role: under Financeiro › Cobrança rather than Atendimento (a finance user lacks v2atd). */
const FINANCE_JOBS: Role = 'v2menufinanceiro';

export const menu: readonly MenuNode[] = [
  { label: 'Painel', to: '/' },
  { label: 'Processo Digital', role: 'v2menuprocesso', to: '/processo' },
  { label: 'Filtro', role: 'v2menufiltro', to: '/filter' },
  { label: 'Marketing', role: 'v2menufiltro', to: '/marketing' },
  {
    label: 'Atendimento',
    role: 'v2atd',
    children: [
      { label: 'Acompanhamento', to: '/acompanhamento' },
      ...jobNodes().filter((node) => node.role !== FINANCE_JOBS),
      { label: 'Mudança de faixa etária', url: '/mudancafaixa' },
    ],
  },
  {
    label: 'Financeiro',
    role: 'v2menufinanceiro',
    children: [
      {
        label: 'Cobrança',
        children: [
          { label: 'Saldo em aberto', to: '/saldoaberto' },
          { label: 'Importar banco', to: '/financeiro/importarbanco' },
          { label: 'Remessa', to: '/financeiro/remessa' },
          // The remittance's jobs (issue 25) are finance work: under Cobrança, for the finance role.
          ...jobNodes(FINANCE_JOBS),
        ],
      },
      {
        label: 'Fechamento',
        children: [
          { label: 'Efetuado', to: '/financeiro/efetuado' },
          { label: 'Fechar', to: '/financeiro/fechar' },
        ],
      },
      { label: 'Importar', role: 'v2menufinimp', to: '/financeiro/importar' },
      { label: 'Feriados', to: '/feriados' },
    ],
  },
  { label: 'Novo associado', role: 'v2menunovoassociado', to: '/novoassociado' },
  { label: 'CCH', role: 'v2menucch', to: '/cch' },
  { label: 'Devolução', role: 'v2dev', to: '/devolucao' },
  { label: 'CCH Aumento', role: 'v2cchaumento', to: '/cchaumento' },
  { label: 'Lançamentos', role: 'v2menulancamentos', to: '/lancamentos' },
  {
    label: 'Cadastros',
    role: 'v2menucad',
    children: [
      { label: 'Terceiros', role: 'v2menucadterceiro', to: '/terceiros' },
      { label: 'E-Mails', role: 'v2menucademails', to: '/emails' },
      { label: 'Grupos (Extrato/IR)', role: 'v2menucadgruposextir', to: '/extratogroup' },
      { label: 'Serviços', role: 'v2menucadservicos', to: '/servico' },
      // ours (issue 26): the TUSS registry of the CCH, superadmin only.
      { label: 'Códigos TUSS', role: 'superadmin', to: '/tuss' },
      {
        label: 'Localização',
        role: 'v2menucadloc',
        children: [
          { label: 'Localização', to: '/localizacao' },
          { label: 'Cargos de fórum', to: '/forumcargos' },
          { label: 'Cargos da associação', to: '/assoccargos' },
          { label: 'Regiões', to: '/regioes' },
        ],
      },
    ],
  },
  {
    label: 'Avançado',
    role: 'superadmin',
    children: [
      { label: 'Relatórios', to: '/reports' },
      { label: 'Terminal', to: '/terminal' },
      { label: 'Acessos', to: '/acessos' },
      { label: 'Caixa de saída', to: '/outbox' },
      { label: 'Eventos de segurança', to: '/seguranca' },
      { label: 'Chaves de API', to: '/chavesapi' },
    ],
  },
];

/** A menu node as GET tree serves it: the spec's target text plus the structured pieces. */
export interface MenuTreeNode {
  label: string;
  role?: Role;
  /** Spec format: a route, `job:{address} question[^21|^22]`, or `url:{address}`. */
  target?: string;
  to?: string;
  job?: JobCommand;
  url?: string;
  children?: MenuTreeNode[];
}

/**
 * The menu filtered for a user's roles; groups left empty disappear. The first item (`/`) is named by
 * what `/` opens for the user ("Painel" with v2access, else "Processo Digital", "CCH"…, spec 1 §2), and
 * an item opening that same screen by its own path is left out rather than listed twice.
 */
export function menuFor(roles: readonly string[], nodes: readonly MenuNode[] = menu): MenuTreeNode[] {
  const home = homeScreens[homeFor(roles)];
  return filterMenu(roles, nodes).flatMap((node) => {
    if (node.to === '/') return [{ ...node, label: home.title }];
    return home.path !== undefined && node.to === home.path ? [] : [node];
  });
}

function filterMenu(roles: readonly string[], nodes: readonly MenuNode[]): MenuTreeNode[] {
  const out: MenuTreeNode[] = [];
  for (const node of nodes) {
    if (node.role && !roles.includes(node.role)) continue;
    if (node.to !== undefined && !canOpenRoute(node.to, roles)) continue;
    if (node.children) {
      const children = filterMenu(roles, node.children);
      if (children.length === 0) continue;
      out.push({ label: node.label, role: node.role, children });
      continue;
    }
    const target = node.to ?? (node.job ? jobTarget(node.job) : node.url ? `url:${node.url}` : undefined);
    out.push({ label: node.label, role: node.role, target, to: node.to, job: node.job, url: node.url });
  }
  return out;
}
