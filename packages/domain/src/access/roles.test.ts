import { describe, expect, it } from 'vitest';
import { jobCommands } from './jobs.js';
import { menu, menuFor, type MenuNode, type MenuTreeNode } from './menu.js';
import { allRoles, hasRole, isRole, roleCatalogue } from './roles.js';
import { appRoutes, canOpenRoute, findRoute, homeFor } from './routes.js';

function menuRoles(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((n) => [...(n.role ? [n.role] : []), ...(n.job ? [n.job.role] : []), ...menuRoles(n.children ?? [])]);
}

function labels(nodes: readonly MenuTreeNode[]): string[] {
  return nodes.flatMap((n) => [n.label, ...labels(n.children ?? [])]);
}

function menuPaths(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((n) => [...(n.to !== undefined ? [n.to] : []), ...menuPaths(n.children ?? [])]);
}

/** Role names written in spec 1 §2 and §6 ({product} is 'assoc' here). */
const specRoles = [
  'v2access',
  'v2search',
  'admin',
  'superadmin',
  'v2menuusuario',
  'v2portal',
  'v2menucch',
  'v2menuprocesso',
  'v2menufiltro',
  'v2atd',
  'v2menufinanceiro',
  'v2menufinimp',
  'v2menufincel',
  'v2menufinexp',
  'v2menunovoassociado',
  'v2dev',
  'v2cchaumento',
  'v2menulancamentos',
  'v2menucad',
  'v2menucadterceiro',
  'v2menucademails',
  'v2menucadgruposextir',
  'v2menucadservicos',
  'v2menucadloc',
  'v2userallowaudit',
  'v2userallowupdate',
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
  'v2userdadospessoais',
  'v2userdadospessoaisemailview',
  'v2userdadospessoaisemail',
  'v2userdadospessoaiscelularview',
  'v2userdadospessoaiscelular',
  'v2userdadosmagistradoview',
  'v2userdadosmagistrado',
  'v2userdadosdatasview',
  'v2userdadosdatas',
  'v2userdadoscobrançaview',
  'v2userdadoscobrança',
  'v2userdadoscontatoview',
  'v2userdadoscontato',
  'v2userdadosenderecosview',
  'v2userdadosenderecos',
  'v2userdadosenderecoslabel',
  'v2userdadosperfilview',
  'v2userdadosperfil',
  'v2userdadosopcoesview',
  'v2userdadosopcoes',
  'v2userdadosassocview',
  'v2userdadosassoc',
  'v2depadd',
  'v2depview',
  'v2depdelete',
  'v2depedit',
  'v2depservicoview',
  'v2depservicoedit',
  'v2servicoadd',
  'v2servicoview',
  'v2servicodelete',
  'v2servicoedit',
  'v2loc',
  'v2extratoprint',
  'v2extratoemail',
  'v2extratoestorno',
  'v2irprint',
  'v2iremail',
  'v2cobrancanew',
  'v2cobrancaview',
  'v2docnew',
  'v2docview',
  'v2cchedit',
  'v2cchdelete',
  'v2cchdatainsc',
  'v2cchhistorico',
];

describe('role catalogue', () => {
  it('holds every role used by the menu, the routes and the jobs', () => {
    const used = new Set([...menuRoles(menu), ...appRoutes.flatMap((r) => r.requires), ...jobCommands.map((j) => j.role)]);
    expect(used.size).toBeGreaterThan(10);
    const missing = [...used].filter((r) => !isRole(r));
    expect(missing).toEqual([]);
  });

  it('holds every role named in spec 1', () => {
    expect(specRoles.filter((r) => !isRole(r))).toEqual([]);
  });

  it('gives every role a non-empty pt-BR description', () => {
    for (const role of allRoles) {
      const description = roleCatalogue[role];
      expect(description.trim().length, role).toBeGreaterThan(3);
      expect(description, role).not.toBe(role);
      expect(description, role).toMatch(/^[A-ZÁÉÍÓÚÂÊÔÃÕÇ]/);
    }
  });

  it('has no duplicate names or descriptions', () => {
    expect(new Set(allRoles).size).toBe(allRoles.length);
    expect(new Set(allRoles.map((r) => r.toLowerCase())).size).toBe(allRoles.length);
    const descriptions = Object.values(roleCatalogue);
    expect(new Set(descriptions).size).toBe(descriptions.length);
    expect(allRoles).toEqual(Object.keys(roleCatalogue));
  });

  it('isRole tells catalogue names apart', () => {
    expect(isRole('v2access')).toBe(true);
    expect(isRole('v2userdadoscobrança')).toBe(true);
    expect(isRole('V2ACCESS')).toBe(false);
    expect(isRole('toString')).toBe(false);
    expect(isRole('')).toBe(false);
  });
});

describe('hasRole', () => {
  const user = ['v2access', 'v2search'];
  it('checks a single role', () => {
    expect(hasRole(user, 'v2access')).toBe(true);
    expect(hasRole(user, 'superadmin')).toBe(false);
    expect(hasRole([], 'v2access')).toBe(false);
  });
  it('accepts any one of a list', () => {
    expect(hasRole(user, ['superadmin', 'v2search'])).toBe(true);
    expect(hasRole(user, ['superadmin', 'admin'])).toBe(false);
  });
  it('treats an empty list or no requirement as open to anyone', () => {
    expect(hasRole(user, [])).toBe(true);
    expect(hasRole([], [])).toBe(true);
    expect(hasRole([], undefined)).toBe(true);
  });
});

describe('menuFor', () => {
  it('shows Painel but not Avançado to a plain v2access user', () => {
    const tree = menuFor(['v2access']);
    const top = tree.map((n) => n.label);
    expect(top).toContain('Painel');
    expect(top).not.toContain('Avançado');
    expect(labels(tree)).not.toContain('Terminal');
    expect(tree.find((n) => n.label === 'Painel')?.target).toBe('/');
  });

  it('includes the Avançado group, with its screens, for all roles', () => {
    const tree = menuFor(allRoles);
    const advanced = tree.find((n) => n.label === 'Avançado');
    expect(advanced).toBeDefined();
    expect(advanced?.children?.map((c) => c.target)).toEqual(expect.arrayContaining(['/reports', '/terminal']));
    expect(tree.map((n) => n.label)).toEqual(expect.arrayContaining(['Painel', 'Financeiro', 'Cadastros', 'Atendimento']));
  });

  it('drops groups that end up empty and items whose route needs more roles', () => {
    // Cadastros without v2access: only Terceiros (which does not need v2access) stays.
    const tree = menuFor(['v2menucad', 'v2menucadterceiro', 'v2menucademails']);
    const cad = tree.find((n) => n.label === 'Cadastros');
    expect(cad?.children?.map((c) => c.target)).toEqual(['/terceiros']);
    expect(menuFor(['v2menucad']).find((n) => n.label === 'Cadastros')).toBeUndefined();
  });

  it('writes job targets in the spec format', () => {
    const tree = menuFor(['v2access', 'v2atd']);
    const atd = tree.find((n) => n.label === 'Atendimento');
    const targets = (atd?.children ?? []).map((c) => c.target ?? '');
    expect(targets.some((t) => /^job:declaracaosaude-email .+\^21$/.test(t))).toBe(true);
    expect(targets).toContain('url:/mudancafaixa');
    expect(targets.some((t) => t.startsWith('job:celular-email'))).toBe(false);
  });

  it('points every menu route at a known screen', () => {
    for (const path of menuPaths(menu)) {
      if (path === '/') continue;
      expect(findRoute(path), path).toBeDefined();
    }
  });
});

describe('homeFor (spec 1 §2)', () => {
  it('shows the dashboard to v2access, whatever else the user has', () => {
    expect(homeFor(['v2access'])).toBe('dashboard');
    expect(homeFor(['v2portal', 'v2menucch', 'v2access'])).toBe('dashboard');
  });
  it('shows the portal to v2portal without v2access', () => {
    expect(homeFor(['v2portal'])).toBe('portal');
    expect(homeFor(['v2portal', 'v2menucch'])).toBe('portal');
  });
  it('shows the CCH screen to v2menucch without v2access or v2portal', () => {
    expect(homeFor(['v2menucch'])).toBe('cch');
  });
  it('shows the process screen to everyone else', () => {
    expect(homeFor([])).toBe('process');
    expect(homeFor(['v2menuprocesso', 'v2search'])).toBe('process');
  });
});

describe('the process-only user (issue 9, defect 11)', () => {
  const processOnly = ['v2menuprocesso', 'v2menuusuario', 'v2menucad', 'v2menucadterceiro'];

  it('names the first menu item by what / opens, and lists that screen once', () => {
    const tree = menuFor(processOnly);
    expect(tree.map((n) => [n.label, n.target])).toEqual([
      ['Processo Digital', '/'],
      ['Cadastros', undefined],
    ]);
    expect(
      menuFor(['v2access', 'v2menuprocesso'])
        .slice(0, 2)
        .map((n) => [n.label, n.target]),
    ).toEqual([
      ['Painel', '/'],
      ['Processo Digital', '/processo'],
    ]);
  });

  it('opens /processo, the same screen as the home', () => {
    expect(homeFor(processOnly)).toBe('process');
    expect(canOpenRoute('/processo', processOnly)).toBe(true);
    expect(canOpenRoute('/feriados', processOnly)).toBe(false);
  });
});
