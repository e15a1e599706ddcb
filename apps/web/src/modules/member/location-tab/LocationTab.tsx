import { useMemo } from 'react';
import { Grid, Stack } from '@mantine/core';
import { DateField } from '../user-tab/components/DateField';
import { DirectorOfForum } from '../user-tab/components/DirectorOfForum';
import { TextField } from '../user-tab/components/TextField';
import { SectionFields, UserSection } from '../user-tab/components/UserSection';
import { UserTabProvider, type UserTabState } from '../user-tab/userTabContext';
import type { MemberTabProps } from '../member-tab.types';
import { PlaceFields } from './components/PlaceFields';
import { WorkplacePanels } from './components/WorkplacePanels';
import { useLocationLookups } from './useLocationLookups';

const SECTION = 'location';

/**
 * The Localização tab [4] of the member record (spec 1 §2; magistrate members, v2tablocalizacao): the member's
 * Cargo, Fórum and Local with the read-only Local de trabalho and Coordenadores of that local, the Designado and
 * Provisório panels (spec 1 §5 rules) and the director of the forum (clearing the flag clears its date). Every
 * field is the `location` section's: read-only without v2loc and in audit mode, its changes highlighted there.
 */
export default function LocationTab({ form, mode, cstId, canView, canEdit, diffs }: MemberTabProps) {
  const audit = mode === 'audit';
  const state = useMemo<UserTabState>(() => ({ form, cstId, audit, diffs }), [form, cstId, audit, diffs]);
  const lookups = useLocationLookups();
  const section = { visible: canView(SECTION), editable: canEdit(SECTION) && !audit };
  const locId = form.values.locId == null ? null : Number(form.values.locId);

  return (
    <UserTabProvider value={state}>
      <Stack gap="md">
        <UserSection title="Localização" {...section}>
          <SectionFields>
            <PlaceFields lookups={lookups} forum="apfId" local="locId" cargo="afcId" />
          </SectionFields>
        </UserSection>
        {section.visible ? <WorkplacePanels locId={locId} /> : null}
        <UserSection title="Designado" {...section}>
          <SectionFields>
            <PlaceFields lookups={lookups} forum="desigApfId" local="desigLocId" cargo="desigApcId" />
          </SectionFields>
        </UserSection>
        <UserSection title="Provisório" {...section}>
          <SectionFields>
            <Stack gap="sm">
              <PlaceFields lookups={lookups} forum="provApfId" local="provLocId" cargo="provApcId" />
              <Grid gap="sm">
                <Grid.Col span={{ base: 12, md: 4 }}>
                  <DateField path="custProvData" label="Data do provisório" />
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 4 }}>
                  <TextField path="custProvForum" label="Fórum (descrição)" maxLength={80} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 4 }}>
                  <TextField path="custProvVara" label="Vara (descrição)" maxLength={80} />
                </Grid.Col>
              </Grid>
            </Stack>
          </SectionFields>
        </UserSection>
        <UserSection title="Diretor do fórum" {...section}>
          <DirectorOfForum />
        </UserSection>
      </Stack>
    </UserTabProvider>
  );
}
