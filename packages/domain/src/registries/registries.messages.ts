/** pt-BR texts of the registries (spec 3 §8, spec 1 §8), spelled as the spec shows them. */
export const registryMessages = {
  added: 'Registro adicionado com sucesso',
  updated: 'Registro atualizado com sucesso',
  deleted: 'Registro apagado com sucesso',
  /** A deleted row recovered: the spec's other update text. */
  restored: 'Registro alterado com sucesso',
  failed: 'Não foi possível executar a solicitação com sucesso',
  deleteTitle: 'Apagando serviço',
  deleteQuestion: 'Tem certeza que deseja apagar o registro',
  restoreTitle: 'Recuperando serviço',
  restoreQuestion: 'Tem certeza que deseja recuperar o registro',
  notFound: 'Registro não encontrado',
  alreadyDeleted: 'Registro já foi apagado',
  duplicateTemplate: 'Já existe um modelo com este nome',
  duplicateGroup: 'Já existe um grupo com este nome',
  duplicateHoliday: 'Já existe um feriado nesta data',
  duplicatePosition: 'Cargo já cadastrado',
  duplicateDocument: 'CPF/CNPJ já cadastrado para outro terceiro',
  documentOk: 'CPF/CNPJ válido',
  /** The action offered when a save meets a newer version (decision 5). */
  reload: 'Recarregar',
  /** Closing a form with unsaved changes (not in the spec: our wording). */
  discardTitle: 'Descartar alterações?',
  discardQuestion: 'As alterações deste formulário ainda não foram salvas e serão perdidas.',
  discardConfirm: 'Descartar',
  discardCancel: 'Continuar editando',
} as const;

/** GET cep/{cep} (decision 11). */
export const cepMessages = {
  invalid: 'CEP inválido',
  notFound: 'CEP não encontrado',
  unavailable: 'Serviço de CEP indisponível',
} as const;
