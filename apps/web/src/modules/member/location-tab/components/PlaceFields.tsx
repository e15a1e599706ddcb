import { Grid } from '@mantine/core';
import { SelectField } from '../../user-tab/components/SelectField';
import { useUserTab, valueOf } from '../../user-tab/userTabContext';
import type { LocationLookups } from '../useLocationLookups';
import type { MemberPath } from '../../member-tab.types';

interface PlaceFieldsProps {
  lookups: LocationLookups;
  /** The member fields of the forum, the local and the cargo (apfId/locId/afcId, desig…, prov…). */
  forum: MemberPath;
  local: MemberPath;
  cargo: MemberPath;
}

/**
 * Fórum, Local (the chosen forum's live locals; choosing another forum clears it) and Cargo of one location
 * (the tab's own, Designado or Provisório). The rules' messages ('Fórum deve ser informado', 'Local deve ser
 * informado', 'Cargo deve ser preenchido') are the member schema's, shown under each field.
 */
export function PlaceFields({ lookups, forum, local, cargo }: PlaceFieldsProps) {
  const { form } = useUserTab();
  const apfId = valueOf(form, forum);
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <SelectField
          path={forum}
          label="Fórum"
          data={lookups.forums}
          searchable
          clearable
          onPicked={() => {
            form.setValue(local, null);
            form.touch(local);
          }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <SelectField path={local} label="Local" data={lookups.localsOf(apfId)} searchable clearable />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <SelectField path={cargo} label="Cargo" data={lookups.cargos} searchable clearable />
      </Grid.Col>
    </Grid>
  );
}
