import { Fieldset, Grid, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatPhone, memberLocationContracts, type Workplace } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../../app/client';

const show = (label: string, value: string | null | undefined, span: number | Record<string, number> = { base: 12, md: 4 }) => (
  <Grid.Col span={span}>
    <TextInput label={label} value={value ?? ''} readOnly variant="filled" />
  </Grid.Col>
);

const address = (w: Workplace) => [w.forAddress, w.forNumber, w.forComplement].filter((p) => p && p.trim()).join(', ');
const phone = (ddd: string | null, number: string | null, ext: string | null) => {
  const text = formatPhone(ddd, number);
  return text && ext ? `${text} r. ${ext}` : text;
};

/**
 * "Local de trabalho" and "Coordenadores" (spec 1 §2), read-only: the chosen local with its forum, comarca and
 * circunscrição, and the local's titular and adjunto coordinators, from the location registries. Empty until a
 * local is chosen; a failed read leaves them empty.
 */
export function WorkplacePanels({ locId }: { locId: number | null }) {
  const { data } = useQuery({
    queryKey: queryKeyOf(memberLocationContracts.workplace, { params: { locId: locId ?? 0 } }),
    queryFn: ({ signal }) => callApi(memberLocationContracts.workplace, { params: { locId: locId! } }, { signal }),
    enabled: locId !== null,
    retry: false,
    staleTime: 60_000,
  });
  const w = locId !== null ? data : undefined;
  return (
    <>
      <Fieldset legend="Local de trabalho" variant="filled">
        <Grid gap="sm">
          {show('Local', w?.locNome)}
          {show('Prédio', w?.predioNome)}
          {show('Fórum', w?.forNome)}
          {show('Endereço', w ? address(w) : '', { base: 12, md: 6 })}
          {show('Cidade', w ? [w.forCity, w.forState].filter(Boolean).join(' - ') : '', { base: 12, md: 3 })}
          {show('Telefone', w ? phone(w.locPhone1Ddd, w.locPhone1, w.locPhone1Ext) : '', { base: 12, md: 3 })}
          {show('Comarca', w?.comNome, { base: 12, md: 6 })}
          {show('Circunscrição', w?.cirNome, { base: 12, md: 6 })}
        </Grid>
      </Fieldset>
      <Fieldset legend="Coordenadores" variant="filled">
        <Grid gap="sm">
          {show('Titular', w?.titular?.custName, { base: 12, md: 6 })}
          {show('Adjunto', w?.adjunto?.custName, { base: 12, md: 6 })}
        </Grid>
      </Fieldset>
    </>
  );
}
