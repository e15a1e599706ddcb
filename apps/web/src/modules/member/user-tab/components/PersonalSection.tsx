import type { ReactNode } from 'react';
import { Grid } from '@mantine/core';
import type { Option } from '../userTabLookups';
import { CpfField } from './CpfField';
import { DateField } from './DateField';
import { SelectField } from './SelectField';
import { TextField } from './TextField';
import { SectionFields } from './UserSection';

export const sexOptions: Option[] = [
  { value: '0', label: 'Masculino' },
  { value: '1', label: 'Feminino' },
];

/** Personal data (spec 1 §3/§5): name, birth date, sex, civil status, CPF (checked by the server when left) and the photo. */
export function PersonalSection({ estadosCivis, photo }: { estadosCivis: readonly Option[]; photo?: ReactNode }) {
  return (
    <Grid gap="sm">
      {photo ? <Grid.Col span={{ base: 12, sm: 'content' }}>{photo}</Grid.Col> : null}
      <Grid.Col span={{ base: 12, sm: 'auto' }}>
        <SectionFields>
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <TextField path="custName" label="Nome" maxLength={64} required />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <CpfField />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <DateField path="custBirthdate" label="Nascimento" required />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <SelectField path="custSex" label="Sexo" data={sexOptions} required />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <SelectField path="custEstadoCivil" label="Estado civil" data={estadosCivis} required />
            </Grid.Col>
          </Grid>
        </SectionFields>
      </Grid.Col>
    </Grid>
  );
}
