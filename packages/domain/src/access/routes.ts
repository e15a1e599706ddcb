import type { Role } from './roles.js';

/** A screen of the main layout: its path, title, and the roles it needs (all of them). */
export interface AppRoute {
  path: string;
  title: string;
  requires: readonly Role[];
}

const withAccess = (...roles: Role[]): readonly Role[] => ['v2access', ...roles];

/** The route table of the spec (1 §2, 2 §2, 3 §2.1) plus Acessos (decision 2). `/` is handled by {@link homeFor}. */
export const appRoutes: readonly AppRoute[] = [
  // Without v2access the process screen is the home (spec 1 §2, 3 §2.1): its own path opens it too.
  { path: '/processo', title: 'Processo Digital', requires: ['v2menuprocesso'] },
  { path: '/associado', title: 'Associado', requires: withAccess() },
  { path: '/novoassociado', title: 'Novo associado', requires: withAccess('v2menunovoassociado') },
  { path: '/filter', title: 'Filtro', requires: withAccess('v2menufiltro') },
  { path: '/marketing', title: 'Marketing', requires: withAccess('v2menufiltro') },
  { path: '/acompanhamento', title: 'Acompanhamento', requires: withAccess('v2atd') },
  // The Atendimento menu's url link 'Mudança de faixa etária' (issue 30 item 1), opened in a popup.
  { path: '/mudancafaixa', title: 'Mudança de faixa etária', requires: withAccess('v2atd') },
  { path: '/saldoaberto', title: 'Saldo em aberto', requires: withAccess('v2menufinanceiro') },
  { path: '/financeiro/importarbanco', title: 'Importar retorno bancário', requires: withAccess('v2menufinanceiro') },
  { path: '/financeiro/remessa', title: 'Remessas', requires: withAccess('v2menufinanceiro') },
  { path: '/financeiro/efetuado', title: 'Efetuados', requires: withAccess('v2menufinanceiro') },
  { path: '/financeiro/fechar', title: 'Fechamento', requires: withAccess('v2menufinanceiro') },
  { path: '/financeiro/importar', title: 'Importar arquivo', requires: withAccess('v2menufinimp') },
  { path: '/feriados', title: 'Feriados', requires: withAccess('v2menufinanceiro') },
  { path: '/cch', title: 'CCH', requires: withAccess('v2menucch') },
  { path: '/devolucao', title: 'Devolução', requires: withAccess('v2dev') },
  { path: '/cchaumento', title: 'Aumento de CCH', requires: withAccess('v2cchaumento') },
  // ours (issue 26): the TUSS codes the shipped subset lacks, kept by superadmin.
  { path: '/tuss', title: 'Códigos TUSS', requires: withAccess('superadmin') },
  { path: '/lancamentos', title: 'Lançamentos', requires: withAccess('v2menulancamentos') },
  // Users without v2access (process-only) also reach /terceiros (spec 1 §2).
  { path: '/terceiros', title: 'Terceiros', requires: ['v2menucadterceiro'] },
  { path: '/emails', title: 'E-Mails', requires: withAccess('v2menucad', 'v2menucademails') },
  { path: '/extratogroup', title: 'Grupos (Extrato/IR)', requires: withAccess('v2menucad', 'v2menucadgruposextir') },
  { path: '/servico', title: 'Serviços', requires: withAccess('v2menucad', 'v2menucadservicos') },
  { path: '/localizacao', title: 'Localização', requires: withAccess('v2menucad', 'v2menucadloc') },
  { path: '/forumcargos', title: 'Cargos de fórum', requires: withAccess('v2menucad', 'v2menucadloc') },
  { path: '/assoccargos', title: 'Cargos da associação', requires: withAccess('v2menucad', 'v2menucadloc') },
  { path: '/regioes', title: 'Regiões', requires: withAccess('v2menucad', 'v2menucadloc') },
  { path: '/reports', title: 'Relatórios', requires: withAccess('superadmin') },
  { path: '/terminal', title: 'Terminal', requires: withAccess('superadmin') },
  { path: '/acessos', title: 'Acessos', requires: withAccess('superadmin') },
  { path: '/outbox', title: 'Caixa de saída', requires: withAccess('superadmin') },
  { path: '/seguranca', title: 'Eventos de segurança', requires: withAccess('superadmin') },
  { path: '/chavesapi', title: 'Chaves de API', requires: withAccess('superadmin') },
];

export const publicPaths = ['/login', '/reset'] as const;

export function findRoute(path: string): AppRoute | undefined {
  return appRoutes.find((r) => r.path === path);
}

export function canOpenRoute(path: string, roles: readonly string[]): boolean {
  if (path === '/') return true;
  const route = findRoute(path);
  return route !== undefined && route.requires.every((r) => roles.includes(r));
}

export type HomeKind = 'dashboard' | 'portal' | 'cch' | 'process';

/** The title of each home (the first menu item is named by what `/` opens) and, if any, the route of the same screen. */
export const homeScreens: Record<HomeKind, { title: string; path?: string }> = {
  dashboard: { title: 'Painel' },
  portal: { title: 'Portal do associado' },
  cch: { title: 'CCH', path: '/cch' },
  process: { title: 'Processo Digital', path: '/processo' },
};

/** What `/` shows (spec 1 §2): v2access dashboard; else v2portal portal; else v2menucch CCH; else the process screen. */
export function homeFor(roles: readonly string[]): HomeKind {
  if (roles.includes('v2access')) return 'dashboard';
  if (roles.includes('v2portal')) return 'portal';
  if (roles.includes('v2menucch')) return 'cch';
  return 'process';
}
