import { Grid, TextInput } from '@mantine/core';
import { formatNumeroInterno } from '@assoc/domain';
import { useUserTab, valueOf } from '../userTabContext';
import type { Option, UserTabLookups } from '../userTabLookups';
import { Changed } from './Changed';
import { SelectField } from './SelectField';
import { SectionFields } from './UserSection';

export const socioOptions: Option[] = [
  { value: 'N', label: 'Não' },
  { value: 'S', label: 'Sim' },
];

/**
 * The profile panel (spec 1 §2): internal number (assigned by the server, shown 000000-0), 'Sócio?', Perfil,
 * Situação, Financeiro; a widow or widower (status V) names the deceased spouse (falId).
 */
export function ProfilePanel({ lookups }: { lookups: UserTabLookups }) {
  const { form } = useUserTab();
  // The member's own choice first (it shows before the list loads), then the datacache's deceased holders.
  const chosen = ((valueOf(form, 'falecidos') as { value: number; label: string }[] | undefined) ?? []).map((f) => ({
    value: String(f.value),
    label: f.label,
  }));
  const spouses = [...chosen, ...lookups.deceasedSpouses.filter((d) => !chosen.some((c) => c.value === d.value))];
  return (
    <SectionFields>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 4, md: 2 }}>
          <Changed path="custNumeroInterno">
            <TextInput label="Número interno" value={formatNumeroInterno(form.values.custNumeroInterno as string | null)} readOnly variant="filled" />
          </Changed>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4, md: 2 }}>
          <SelectField path="custSocio" label="Sócio?" data={socioOptions} text required />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
          <SelectField
            path="custStatus"
            label="Perfil"
            data={lookups.profiles}
            text
            required
            onPicked={(status) => {
              // A widow(er) must name the deceased spouse: the field is now part of the member (the rule checks it).
              if (status === 'V' && valueOf(form, 'falId') === undefined) form.setValue('falId', null);
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 2 }}>
          <SelectField path="custAssocSituacao" label="Situação" data={lookups.situations} required />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <SelectField path="custFinanceiroStatus" label="Financeiro" data={lookups.financialStatuses} text />
        </Grid.Col>
        {form.values.custStatus === 'V' ? (
          <Grid.Col span={{ base: 12, md: 6 }}>
            <SelectField path="falId" label="Cônjuge falecido" data={spouses} required searchable />
          </Grid.Col>
        ) : null}
      </Grid>
    </SectionFields>
  );
}
