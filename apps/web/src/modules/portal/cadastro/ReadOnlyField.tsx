import type { AddressValues } from '@assoc/domain';
import { maskCep } from '../../ui/hooks/useCepLookup';
import classes from './CadastroTab.module.css';

/**
 * A value the member sees but does not change in the portal (spec 3 §5): its label and the text, a term and its
 * definition (issue 28: plain text renders in a fraction of a read-only input's time on a phone, and reads the same).
 */
export function ReadOnlyField({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <dl className={classes.readOnly}>
      <dt>{label}</dt>
      <dd>{value || '—'}</dd>
    </dl>
  );
}

const phone = (ddd: string | null | undefined, number: string | null | undefined) =>
  number ? [ddd && `(${ddd})`, number].filter(Boolean).join(' ') : '';

/** An address the member does not change (the forum's, spec 3 §5): the address block's labels, as text. */
export function ReadOnlyAddress({ address }: { address: Partial<AddressValues> }) {
  const fields: Array<[string, string | null | undefined]> = [
    ['CEP', address.adZipcode ? maskCep(address.adZipcode) : ''],
    ['Logradouro', address.adAddress],
    ['Número', address.adNumber],
    ['Complemento', address.adComplement],
    ['Bairro', address.adBairro],
    ['Cidade', address.adCity],
    ['UF', address.adState],
    ['Telefone 1', phone(address.adPhoneDdd, address.adPhone)],
    ['Telefone 2', phone(address.adPhoneDdd2, address.adPhone2)],
  ];
  return (
    <div className={classes.readOnlyGrid}>
      {fields.map(([label, value]) => (
        <ReadOnlyField key={label} label={label} value={value} />
      ))}
    </div>
  );
}
