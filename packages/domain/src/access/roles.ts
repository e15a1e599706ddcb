/**
 * The complete role catalogue of the three spec documents, one list with a pt-BR description each.
 * Profiles (permIdv2) and per-user extra roles draw only from here; the server guard and the client
 * gates check these same names.
 */
export const roleCatalogue = {
  // Access and layout
  v2access: 'Acesso completo ao sistema e sino de notificações',
  v2search: 'Pesquisa de associados na barra superior',
  admin: 'Lista de usuários conectados',
  superadmin: 'Menu Avançado, acessos, relatórios, terminal e exclusões',
  v2menuusuario: 'Ferramentas e tutorial',
  v2portal: 'Portal do associado',
  // Menu
  v2menuprocesso: 'Menu Processo Digital',
  v2menufiltro: 'Menu Filtro',
  v2atd: 'Menu Atendimento e acompanhamento',
  v2menufinanceiro: 'Menu Financeiro (cobrança, fechamento, feriados)',
  v2menufinimp: 'Menu Financeiro: importar arquivo',
  v2menufincel: 'Tarefa: extrato detalhado de celular por e-mail',
  v2menufinexp: 'Tarefa: exportação lanchonete',
  v2menunovoassociado: 'Menu Novo associado',
  v2menucch: 'Menu CCH (tela inicial CCH sem acesso completo)',
  v2dev: 'Menu Devolução',
  v2devapr: 'Aprovação de devoluções',
  v2cchaumento: 'Menu CCH Aumento',
  v2menulancamentos: 'Menu Lançamentos',
  v2menucad: 'Menu Cadastros',
  v2menucadterceiro: 'Cadastro de terceiros',
  v2menucademails: 'Cadastro de modelos de mensagens (E-Mails)',
  v2menucadgruposextir: 'Cadastro de grupos de extrato e I.R.',
  v2menucadservicos: 'Cadastro de serviços',
  v2menucadloc: 'Cadastro de localização, cargos e regiões',
  // Member record: audit and save
  v2userallowaudit: 'Auditoria do associado',
  v2userallowupdate: 'Salvar alterações do associado',
  // Member record: tabs
  v2tabusuario: 'Aba Usuário',
  v2tabdependente: 'Aba Dependentes',
  v2tabservicos: 'Aba Serviços',
  v2tablocalizacao: 'Aba Localização',
  v2tabextratos: 'Aba Extratos',
  v2tabir: 'Aba I.R.',
  v2tabcobranca: 'Aba Cobranças',
  v2tabdocumentos: 'Aba Documentos',
  v2tabressarcimento: 'Aba Ressarcimentos',
  v2tabconfiguracao: 'Aba Configurações',
  v2tabqualificacao: 'Aba Qualificação',
  v2eml: 'Aba E-Mail',
  // Member record: user tab sections (view / edit)
  v2userdadospessoaisview: 'Ver dados pessoais (e aba Acompanhamento)',
  v2userdadospessoais: 'Editar dados pessoais',
  v2userdadospessoaisemailview: 'Ver e-mail',
  v2userdadospessoaisemail: 'Editar e-mail',
  v2userdadospessoaiscelularview: 'Ver celular',
  v2userdadospessoaiscelular: 'Editar celular',
  v2userdadosmagistradoview: 'Ver dados de magistrado e concurso',
  v2userdadosmagistrado: 'Editar dados de magistrado e concurso',
  v2userdadosdatasview: 'Ver datas',
  v2userdadosdatas: 'Editar datas',
  v2userdadoscobrançaview: 'Ver dados de cobrança',
  v2userdadoscobrança: 'Editar dados de cobrança',
  v2userdadoscontatoview: 'Ver contato',
  v2userdadoscontato: 'Editar contato',
  v2userdadosenderecosview: 'Ver endereços',
  v2userdadosenderecos: 'Editar endereços',
  v2userdadosenderecoslabel: 'Imprimir etiquetas de endereço',
  v2userdadosperfilview: 'Ver perfil',
  v2userdadosperfil: 'Editar perfil',
  v2userdadosopcoesview: 'Ver opções',
  v2userdadosopcoes: 'Editar opções',
  v2userdadosassocview: 'Ver dados associativos',
  v2userdadosassoc: 'Editar dados associativos',
  // Dependents and services
  v2depadd: 'Adicionar dependente',
  v2depview: 'Ver dependentes',
  v2depdelete: 'Apagar dependente',
  v2depedit: 'Editar dependente',
  v2depservicoview: 'Ver serviços do dependente',
  v2depservicoedit: 'Editar serviços do dependente',
  v2servicoadd: 'Adicionar serviço',
  v2servicoview: 'Ver serviços',
  v2servicodelete: 'Apagar serviço',
  v2servicoedit: 'Editar serviço',
  v2loc: 'Editar localização',
  // Statements, income tax, charges, documents
  v2extratoprint: 'Imprimir extrato',
  v2extratoemail: 'Enviar extrato por e-mail',
  v2extratoestorno: 'Estornar lançamento do extrato',
  v2irprint: 'Imprimir I.R.',
  v2iremail: 'Enviar I.R. por e-mail',
  v2cobrancanew: 'Nova cobrança',
  v2cobrancaview: 'Ver cobranças',
  v2docnew: 'Adicionar documento',
  v2docview: 'Ver documentos',
  // CCH
  v2cchedit: 'Editar serviços CCH do associado',
  v2cchdelete: 'Apagar serviços CCH do associado',
  v2cchdatainsc: 'Ignorar data de inscrição histórica no CCH',
  v2cchhistorico: 'Ignorar histórico de data e saldo no CCH',
  v2cchdownload: 'Baixar documentos do CCH',
  v2cchbeneficioedit: 'Editar benefício CCH',
} as const;

export type Role = keyof typeof roleCatalogue;
export const allRoles = Object.keys(roleCatalogue) as Role[];

export function isRole(value: string): value is Role {
  return Object.prototype.hasOwnProperty.call(roleCatalogue, value);
}

/** A requirement: one role, or any one of a list. */
export type RoleRequirement = Role | readonly Role[];

export function hasRole(userRoles: readonly string[], required: RoleRequirement | undefined): boolean {
  if (required === undefined) return true;
  const list = typeof required === 'string' ? [required] : required;
  return list.length === 0 || list.some((r) => userRoles.includes(r));
}

/** The first role of each area of the catalogue (its order): the profile screen groups the roles so. */
const areaStarts: Partial<Record<Role, string>> = {
  v2access: 'Acesso e layout',
  v2menuprocesso: 'Menus',
  v2userallowaudit: 'Ficha do associado: auditoria e gravação',
  v2tabusuario: 'Ficha do associado: abas',
  v2userdadospessoaisview: 'Ficha do associado: seções da aba Usuário',
  v2depadd: 'Dependentes e serviços',
  v2extratoprint: 'Extratos, I.R., cobranças e documentos',
  v2cchedit: 'CCH',
};

/** The catalogue by area, in its order; every role in exactly one area. */
export const roleAreas: ReadonlyArray<{ area: string; roles: readonly Role[] }> = allRoles.reduce<Array<{ area: string; roles: Role[] }>>(
  (areas, role) => {
    const start = areaStarts[role];
    if (start || areas.length === 0) areas.push({ area: start ?? 'Outros', roles: [] });
    areas.at(-1)!.roles.push(role);
    return areas;
  },
  [],
);
