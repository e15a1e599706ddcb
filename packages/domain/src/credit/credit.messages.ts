/** The credit's pt-BR texts (spec 2 §2.5, §4 "Credit issuing", §5 "Credit form", §8). */
export const creditMessages = {
  title: 'Adicionar crédito',
  differentUsers: 'Usuários devem ser diferentes!',
  confirmTitle: 'Deseja emitir crédito?',
  confirmWarning: 'ATENÇÃO: Esta operação uma vez realizada não poderá ser revertida, ela será imediatamente efetivada no sistema',
  success: "Crédito efetuado com sucesso, a operação não irá constar no extrato automaticamente sendo necessário recarregar o extrato 'Em aberto'",
  failed: 'Houve um erro para gerar o crédito',
  /** Not in the spec (its 404 "body message"): a wrong CPF or password of either user, said alike. */
  invalidCredentials: 'Usuário ou senha inválidos',
  /** Not in the spec: the first user must be the signed-in user (the dialog pre-fills and disables it). */
  firstUserMustBeSignedIn: 'O primeiro usuário deve ser o usuário conectado',
  /** Not in the spec: the second user must also be allowed to issue credits. */
  secondUserNotAllowed: 'O segundo usuário não tem permissão para emitir crédito',
  memberNotFound: 'Associado não encontrado',
  notHolder: 'Crédito é lançado somente no titular',
  invalidKey: 'Identificador da solicitação inválido',
  /** Not in the spec: the dialog's key names one request; another request with it is refused (issue 22 item 10). */
  keyReused: 'Identificador da solicitação já usado em outro crédito',
  /** The entry's description in the ledger: the reference and both users. */
  entryDescription: (ref: string, first: string, second: string) => `Crédito: ${ref} (${first} / ${second})`,
} as const;
