import { useMemo } from 'react';
import { Grid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { memberContracts, type DataCache } from '@assoc/domain';
import { callApi } from '../../../app/client';
import type { MemberTabProps } from '../member-tab.types';
import { SelectField } from '../user-tab/components/SelectField';
import { TextField } from '../user-tab/components/TextField';
import { SectionFields, UserSection } from '../user-tab/components/UserSection';
import { UserTabProvider, type UserTabState } from '../user-tab/userTabContext';
import { dataCacheKey } from '../user-tab/userTabLookups';

/**
 * The Qualificação tab [12] of the member record (decision 20): the civil qualification the documents use
 * (treatment, RG and issuer, filiation, nationality, birthplace, academic titles), the `qualification` section
 * of the member save (v2tabqualificacao), read-only in audit mode with its changed fields highlighted.
 */
export default function QualificationTab({ form, mode, cstId, canView, canEdit, diffs }: MemberTabProps) {
  const audit = mode === 'audit';
  const state = useMemo<UserTabState>(() => ({ form, cstId, audit, diffs }), [form, cstId, audit, diffs]);
  const { data } = useQuery<DataCache>({
    queryKey: dataCacheKey,
    queryFn: ({ signal }) => callApi(memberContracts.dataCache, {}, { signal }),
    staleTime: 10 * 60_000,
  });
  const treatments = (data?.treatments ?? []).map((t) => ({ value: t, label: t }));

  return (
    <UserTabProvider value={state}>
      <Stack gap="md">
        <UserSection title="Qualificação civil" visible={canView('qualification')} editable={canEdit('qualification') && !audit}>
          <SectionFields>
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, sm: 4, md: 2 }}>
                <SelectField path="custTreatment" label="Tratamento" data={treatments} clearable text />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
                <TextField path="custRg" label="RG" maxLength={14} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
                <TextField path="custRgEmissor" label="Órgão emissor" maxLength={20} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextField path="custFiliacaoMae" label="Nome da mãe" maxLength={80} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextField path="custFiliacaoPai" label="Nome do pai" maxLength={80} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                <TextField path="custNacionalidade" label="Nacionalidade" maxLength={40} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                <TextField path="custNaturalidade" label="Naturalidade" maxLength={60} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 8 }}>
                <TextField path="custTitulosAcademicos" label="Títulos acadêmicos" maxLength={120} />
              </Grid.Col>
            </Grid>
          </SectionFields>
        </UserSection>
      </Stack>
    </UserTabProvider>
  );
}
