import { type MemberInput } from '@assoc/domain';
import { billableBank } from './members.js';
import { nextCpf } from './users.js';

/** The residential address of the member-save bodies (São Paulo, a CEP the CEP table knows). */
export const residentialAddress = {
  adZipcode: '01310100',
  adAddress: 'Avenida Paulista',
  adNumber: '1000',
  adBairro: 'Bela Vista',
  adCity: 'São Paulo',
  adState: 'SP',
  adAddNewCEP: 0,
} as const;

/**
 * The body of a new holder for POST user/-1 that the member rules accept (a fresh CPF, boleto billing, a
 * residential address); `values` replaces fields (a debit holder: `bankAccount: { ...billableBank }`).
 */
export function memberInput(values: Partial<MemberInput> = {}): MemberInput {
  return {
    cstId: -1,
    custName: 'Associado Teste',
    custBirthdate: '1970-05-20',
    custSex: 1,
    custEstadoCivil: 1,
    custCpf: nextCpf(),
    custStatus: 'M',
    custAssocSituacao: 1,
    custSocio: 'N',
    custFinanceiroStatus: 'A',
    custCobrancaDia: 4,
    bankAccount: { bnkId: 11 },
    enderecoSelected: 1,
    enderecoResidencial: { ...residentialAddress },
    ...values,
  };
}

/** The bank account of a holder billed by debit (bank 2, a valid account), as the member save takes it. */
export const debitBankAccount = () => ({ ...billableBank });
