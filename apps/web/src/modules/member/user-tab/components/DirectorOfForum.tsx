import { Grid } from '@mantine/core';
import { useUserTab } from '../userTabContext';
import { DateField } from './DateField';
import { FlagSwitch } from './FlagSwitch';
import { SectionFields } from './UserSection';

/**
 * Director of the forum (spec 1 §4): clearing the flag clears the date; a set flag needs the date
 * ('Data deve ser preenchida!', the schema's rule). Its roles are the Localização section's.
 */
export function DirectorOfForum() {
  const { form } = useUserTab();
  return (
    <SectionFields>
      <Grid gap="sm" align="flex-end">
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <FlagSwitch
            path="custDirForum"
            label="Diretor do fórum"
            onToggle={(on) => {
              if (!on) form.setValue('custDataDirForum', null);
              form.touch('custDataDirForum');
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <DateField path="custDataDirForum" label="Data diretor do fórum" required={form.values.custDirForum === true} />
        </Grid.Col>
      </Grid>
    </SectionFields>
  );
}
