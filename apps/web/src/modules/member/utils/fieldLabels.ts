import { sectionOfField } from '@assoc/domain';

/** The member record's field labels as the screen shows them, by path (the save button's reason names them). */
const fieldLabels: Record<string, string> = {
  custName: 'Nome',
  custBirthdate: 'Nascimento',
  custSex: 'Sexo',
  custEstadoCivil: 'Estado civil',
  custCpf: 'CPF',
  custPhoto: 'Foto',
  custEmail: 'E-mail',
  custCelularDdd: 'DDD do celular',
  custCelular: 'Celular',
  custConcurso: 'Concurso',
  custAdmissao: 'Admissão',
  custSaida: 'Saída',
  custMarriage: 'Casamento',
  custAposentadoria: 'Aposentadoria',
  custDeceased: 'Falecimento',
  custCobrancaDia: 'Dia de cobrança',
  'bankAccount.bnkId': 'Local de débito',
  'bankAccount.bnkaccBranch': 'Agência',
  'bankAccount.bnkaccBranchDigit': 'Dígito agência',
  'bankAccount.bnkaccAccount': 'Conta',
  'bankAccount.bnkaccAccountDigit': 'Dígito conta',
  custContatoNome: 'Nome do contato',
  custContatoParentesco: 'Parentesco do contato',
  custContatoFoneDdd: 'DDD do contato',
  custContatoFone: 'Telefone do contato',
  custContatoEmail: 'E-mail do contato',
  custSocio: 'Sócio?',
  custStatus: 'Perfil',
  custAssocSituacao: 'Situação',
  custFinanceiroStatus: 'Financeiro',
  falId: 'Cônjuge falecido',
  custAssocCargo: 'Cargo 1',
  custAssocCargo2: 'Cargo 2',
  custAssocCargo3: 'Cargo 3',
  custAssocCargo4: 'Cargo 4',
  custDataDirForum: 'Data de diretor do fórum',
  desigApfId: 'Designado: Fórum',
  desigLocId: 'Designado: Local',
  desigApcId: 'Designado: Cargo',
  provApfId: 'Provisório: Fórum',
  provLocId: 'Provisório: Local',
  provApcId: 'Provisório: Cargo',
  custProvData: 'Data do provisório',
  custProvForum: 'Fórum (descrição)',
  custProvVara: 'Vara (descrição)',
  custTreatment: 'Tratamento',
  custRg: 'RG',
  custRgEmissor: 'Órgão emissor',
  custFiliacaoMae: 'Nome da mãe',
  custFiliacaoPai: 'Nome do pai',
  custNacionalidade: 'Nacionalidade',
  custNaturalidade: 'Naturalidade',
  custTitulosAcademicos: 'Títulos acadêmicos',
};

const addressTitles: Record<string, string> = {
  enderecoResidencial: 'Residencial',
  enderecoComercial: 'Comercial',
  enderecoForum: 'Fórum',
};
const addressFieldLabels: Record<string, string> = {
  adZipcode: 'CEP',
  adAddress: 'Logradouro',
  adNumber: 'Número',
  adComplement: 'Complemento',
  adBairro: 'Bairro',
  adCity: 'Cidade',
  adState: 'UF',
  adPhoneDdd: 'DDD',
  adPhone: 'Telefone 1',
  adPhoneDdd2: 'DDD 2',
  adPhone2: 'Telefone 2',
};

/**
 * The label of a member form path: the field's own ('custStatus' → 'Perfil'), an address field with its block
 * ('enderecoResidencial.adNumber' → 'Número (Residencial)'), else the section or child list that owns it
 * ('parentFilhos.0.custCpf' → 'Dependentes').
 */
export function memberFieldLabel(path: string): string | undefined {
  if (fieldLabels[path]) return fieldLabels[path];
  const [head = '', field = ''] = path.split('.');
  if (addressTitles[head]) return `${addressFieldLabels[field] ?? field} (${addressTitles[head]})`;
  return sectionOfField(head)?.label;
}
