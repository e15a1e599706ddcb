import { formatCep, formatCnpj, formatCpf, formatCpfCnpj, formatPhone, terceiroContracts, terceiroSchema, type Terceiro } from '@assoc/domain';
import type { CrudTableProps } from '../../ui/crud/CrudTable';
import { registryCalls } from '../../ui/crud/useCrudResource';
import type { FormValues } from '../../ui/form';

const text = (value: string | null | undefined) => value ?? '';

/** Form values of a third party: optional fields as '' and the document formatted for its type. */
export function terceiroValues(row: Terceiro): FormValues {
  return {
    terId: row.terId,
    version: row.version,
    terTipo: row.terTipo === 1 ? 1 : 0,
    terCPFCNPJ: row.terTipo === 1 ? formatCnpj(row.terCPFCNPJ) : formatCpf(row.terCPFCNPJ),
    terNome: row.terNome,
    terContato: text(row.terContato),
    terEmail: text(row.terEmail),
    terCEP: formatCep(row.terCEP),
    terLogradouro: text(row.terLogradouro),
    terNumero: text(row.terNumero),
    terComplemento: text(row.terComplemento),
    terBairro: text(row.terBairro),
    terCidade: text(row.terCidade),
    terUF: text(row.terUF),
    terTelefone1: text(row.terTelefone1),
    terTelefone2: text(row.terTelefone2),
  };
}

export const newTerceiroValues = (): FormValues => ({
  terId: 0,
  terTipo: 0,
  terCPFCNPJ: '',
  terNome: '',
  terContato: '',
  terEmail: '',
  terCEP: '',
  terLogradouro: '',
  terNumero: '',
  terComplemento: '',
  terBairro: '',
  terCidade: '',
  terUF: '',
  terTelefone1: '',
  terTelefone2: '',
});

/** Third parties (spec 3 §2.7): the table; the form is {@link TerceiroForm}. */
export const terceirosTable: Omit<CrudTableProps<Terceiro>, 'renderForm'> = {
  calls: registryCalls(terceiroContracts),
  keyField: 'terId',
  schema: terceiroSchema,
  modalTitle: 'Terceiro',
  modalSize: 'xl',
  newValues: newTerceiroValues,
  toValues: terceiroValues,
  columns: [
    { accessor: 'terNome', title: 'Nome' },
    { accessor: 'terTipo', title: 'Tipo', width: 80, text: (row) => (row.terTipo === 1 ? 'CNPJ' : 'CPF') },
    { accessor: 'terCPFCNPJ', title: 'CPF/CNPJ', width: 190, text: (row) => formatCpfCnpj(row.terCPFCNPJ), sortValue: (row) => row.terCPFCNPJ },
    { accessor: 'terContato', title: 'Contato' },
    { accessor: 'terTelefone1', title: 'Telefone', width: 160, text: (row) => formatPhone(null, row.terTelefone1) },
    { accessor: 'terCidade', title: 'Cidade/UF', text: (row) => (row.terCidade ? `${row.terCidade}/${row.terUF ?? ''}` : '') },
  ],
};
