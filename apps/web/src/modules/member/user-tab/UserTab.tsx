import { useMemo, useState } from 'react';
import { Grid, Stack } from '@mantine/core';
import { useHasRole } from '../../ui/components/RoleGate';
import { MapDialog, type MapAddress } from '../../maps';
import { MemberPhoto } from '../../member-photo';
import type { MemberTabProps } from '../member-tab.types';
import { AddressBlock } from './components/AddressBlock';
import { AssociationPanel } from './components/AssociationPanel';
import { BillingPanel } from './components/BillingPanel';
import { Changed } from './components/Changed';
import { DateField } from './components/DateField';
import { OptionsSection } from './components/OptionsSection';
import { PersonalSection } from './components/PersonalSection';
import { ProfilePanel } from './components/ProfilePanel';
import { SelectField } from './components/SelectField';
import { TextField } from './components/TextField';
import { SectionFields, UserSection } from './components/UserSection';
import { useLabelPrint } from './hooks/useLabelPrint';
import { UserTabProvider, type UserTabState } from './userTabContext';
import { useUserTabLookups } from './userTabLookups';

/**
 * The Usuário tab [1] of the member record (spec 1 §2, §6): each section hidden without its view role,
 * read-only without its edit role and in audit mode, its changed fields highlighted in audit mode.
 */
export default function UserTab({ form, mode, cstId, canView, canEdit, diffs }: MemberTabProps) {
  const audit = mode === 'audit';
  const state = useMemo<UserTabState>(() => ({ form, cstId, audit, diffs }), [form, cstId, audit, diffs]);
  const lookups = useUserTabLookups();
  const labels = useLabelPrint(cstId);
  const canPrintLabel = useHasRole('v2userdadosenderecoslabel') && !audit;
  const isPortal = useHasRole('v2portal');
  const [map, setMap] = useState<MapAddress | null>(null);
  const section = (key: string) => ({ visible: canView(key), editable: canEdit(key) && !audit });

  return (
    <UserTabProvider value={state}>
      <Stack gap="md">
        <UserSection title="Dados pessoais" {...section('personal')}>
          <PersonalSection
            estadosCivis={lookups.civilStatuses}
            photo={
              <Changed path={['custPhoto', 'custPhotoKey']}>
                <MemberPhoto
                  name={String(form.values.custName ?? '')}
                  photoKey={form.values.custPhotoKey ?? null}
                  photo={form.values.custPhoto ?? null}
                  editable={section('personal').editable}
                  onChange={(dataUrl) => form.setValue('custPhoto', dataUrl)}
                />
              </Changed>
            }
          />
        </UserSection>
        <UserSection title="Perfil" {...section('profile')}>
          <ProfilePanel lookups={lookups} />
        </UserSection>
        <UserSection title="Datas" {...section('dates')}>
          <SectionFields>
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, sm: 6, md: 'auto' }}>
                <DateField path="custAdmissao" label="Admissão" />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6, md: 'auto' }}>
                <DateField path="custSaida" label="Saída" />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6, md: 'auto' }}>
                <DateField path="custMarriage" label="Casamento" />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6, md: 'auto' }}>
                <DateField path="custAposentadoria" label="Aposentadoria" />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6, md: 'auto' }}>
                <DateField path="custDeceased" label="Falecimento" />
              </Grid.Col>
            </Grid>
          </SectionFields>
        </UserSection>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <UserSection title="E-mail" {...section('email')}>
              <SectionFields>
                <TextField path="custEmail" label="E-mail" type="email" maxLength={80} />
              </SectionFields>
            </UserSection>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <UserSection title="Celular" {...section('mobile')}>
              <SectionFields>
                <Grid gap="sm">
                  <Grid.Col span={3}>
                    <TextField path="custCelularDdd" label="DDD" maxLength={2} digits />
                  </Grid.Col>
                  <Grid.Col span={9}>
                    <TextField path="custCelular" label="Celular" maxLength={9} digits />
                  </Grid.Col>
                </Grid>
              </SectionFields>
            </UserSection>
          </Grid.Col>
        </Grid>
        <UserSection title="Dados de magistrado e concurso" {...section('magistrate')}>
          <SectionFields>
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextField path="custConcurso" label="Concurso" maxLength={18} />
              </Grid.Col>
            </Grid>
          </SectionFields>
        </UserSection>
        <UserSection title="Contato" {...section('contact')}>
          <SectionFields>
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, md: 5 }}>
                <TextField path="custContatoNome" label="Nome do contato" maxLength={64} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                <SelectField path="custContatoParentesco" label="Parentesco" data={lookups.kinships} clearable />
              </Grid.Col>
              <Grid.Col span={{ base: 4, md: 1 }}>
                <TextField path="custContatoFoneDdd" label="DDD" maxLength={2} digits />
              </Grid.Col>
              <Grid.Col span={{ base: 8, md: 3 }}>
                <TextField path="custContatoFone" label="Telefone do contato" maxLength={9} digits />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextField path="custContatoEmail" label="E-mail do contato" type="email" maxLength={80} />
              </Grid.Col>
            </Grid>
          </SectionFields>
        </UserSection>
        <UserSection title="Opções" {...section('options')}>
          <OptionsSection comunicacao={lookups.communicationPreferences} />
        </UserSection>
        <UserSection title="Dados associativos" {...section('association')}>
          <AssociationPanel cargos={lookups.positions} />
        </UserSection>
        <UserSection title="Dados de cobrança" {...section('billing')}>
          <BillingPanel />
        </UserSection>
        <UserSection title="Endereços" {...section('addresses')}>
          <AddressBlock
            canPrintLabel={canPrintLabel}
            canOpenMap={!isPortal && !audit}
            onPrintLabel={(kind, type) => void labels.printLabel(kind, type)}
            onOpenMap={setMap}
          />
        </UserSection>
      </Stack>
      {labels.dialogs}
      <MapDialog opened={map !== null} onClose={() => setMap(null)} address={map} />
    </UserTabProvider>
  );
}
