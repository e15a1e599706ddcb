import { Grid } from '@mantine/core';
import type { Option } from '../userTabLookups';
import { FlagSwitch } from './FlagSwitch';
import { SelectField } from './SelectField';
import { SectionFields } from './UserSection';

/** Options (spec 1 §3): I.R. and statement by e-mail, communication preference. */
export function OptionsSection({ comunicacao }: { comunicacao: readonly Option[] }) {
  return (
    <SectionFields>
      <Grid gap="sm" align="flex-end">
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <FlagSwitch path="custIRPorEmail" label="I.R. por e-mail" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <FlagSwitch path="custExtratoPorEmail" label="Extrato por e-mail" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <SelectField path="custComunicacao" label="Preferência de comunicação" data={comunicacao} />
        </Grid.Col>
      </Grid>
    </SectionFields>
  );
}
