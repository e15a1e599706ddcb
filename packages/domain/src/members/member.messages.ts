/** The member record's pt-BR texts (spec 1 §5 "Member" / "Bank rules" and §8), spelled exactly as the spec shows them. */
export const memberMessages = {
  // §8
  inserted: 'Associado inserido com sucesso',
  updated: 'Atualização realizada com sucesso',
  saveFailed: 'Ocorreu um erro para executar a operação solicitada',
  labelSent: 'Etiqueta enviada com sucesso!',
  labelFailed: 'Erro para gerar etiqueta!',
  bondSent: 'Declaração de vínculo enviada com sucesso!',
  noAudits: 'Sem registros',
  /** Ours (issue 22 #23): the audit list's entry for a record's state before its first audited change. */
  baseVersion: 'Versão inicial',
  baseVersionOf: (when: string) => `Versão inicial: os dados de ${when}, antes da primeira alteração registrada`,
  // §5 Member
  cpfTaken: 'CPF já cadastrado',
  duplicateCargo: 'Não podem exister dois cargos iguais!',
  socioNeedsServices: 'Para ser sócio é preciso ter serviços cadastrados!',
  feeNeedsPeculio: 'Sócio com taxas devem ter serviço Fundo de Pecúlio!',
  peculioNeedsFee: 'Sócio com Fundo de Pecúlio deve possuir taxas!',
  needsPeculioAndFee: 'Sócio deve possuir Fundo de Pecúlio e taxas!',
  dateRequired: 'Data deve ser preenchida!',
  deceasedSpouseRequired: 'Obrigatório o preenchimento do cônjuge falecido',
  forumRequired: 'Fórum deve ser informado',
  localRequired: 'Local deve ser informado',
  cargoRequired: 'Cargo deve ser preenchido',
  provisionalDateRequired: 'Data para provisório obrigatória',
  billingDayRequired: 'Dia de cobrança obrigatório',
  addressRequired: 'Endereço obrigatório',
  // §5 Dependent
  dependentHasServices: 'Dependente possui serviços, não é possível apagar!',
  /** Ours: a dependent row that is not one of this holder's dependents. */
  dependentNotFound: 'Dependente não encontrado para este associado',
  // §5 Bank rules
  bankRequired: 'Selecione um banco',
  invalidBranch: 'Agência inválida',
  /** Ours: the spec names only 'Agência inválida'; the same wording for the other check-digit failures. */
  invalidBranchDigit: 'Dígito da agência inválido',
  invalidAccountDigit: 'Dígito da conta inválido',
  /** The spec shows only the beginning ('Local de débito não é compatível com'); the remainder is ours. */
  debitPlaceIncompatible: 'Local de débito não é compatível com o perfil do associado',
  // Ours (the spec is silent)
  bondNotAllowed: 'Declaração de vínculo disponível apenas para associados ativos ou aposentados com perfil M ou V',
  bondNoEmail: 'Associado sem e-mail cadastrado',
  bondSubject: 'Declaração de vínculo associativo',
  dependentNotHolder: 'Registro não é de um titular',
  photoUnavailable: 'Envio de foto indisponível no momento',
  invalidPhoto: 'Foto inválida',
  sectionForbidden: (section: string) => `Você não tem permissão para alterar: ${section}`,
  labelNoAddress: 'Endereço sem CEP: não é possível gerar etiqueta',
  invalidMemberId: 'Código de associado inválido',
} as const;
