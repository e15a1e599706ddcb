/** The member portal's pt-BR texts (spec 3 §2.15 and §8), spelled exactly as the spec shows them; ours are marked. */
export const portalMessages = {
  /** §8: the save's success toast. */
  saved: 'Atualização realizada com sucesso',
  /** §8: any failure of the save. */
  saveFailed: 'Ocorreu um erro para executar a operação solicitada',
  /** §2.15: the blocking dialog while saving. */
  saving: 'Atualizando, por favor aguarde...',
  /** §2.15: the save button's three labels. */
  saveInvalid: 'Existem campos inconsistentes',
  saveChanged: 'Salvar alterações realizadas',
  saveUnchanged: 'Sem alterações',
  /** Ours: a key of PUT user/portal/{cstId} the portal may not change (anything but its editable fields). */
  notEditable: (keys: readonly string[]) => `${keys.length > 1 ? 'Campos não editáveis' : 'Campo não editável'} pelo portal: ${keys.join(', ')}`,
  /** Ours: what an open staff form of the member shows once the member saved in the portal (realtime memberChanged). */
  changedByMember: 'Registro alterado pelo associado no portal. Recarregue para continuar.',
  /** Ours: the Dependentes tab without dependents. */
  noDependents: 'Nenhum dependente cadastrado',
} as const;
