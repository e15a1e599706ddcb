import { useState } from 'react';
import { Button, Grid, Group, Select, Stack } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import {
  civilStatuses,
  communicationPreferences,
  formatCpf,
  formatDate,
  formatNumeroInterno,
  kinships,
  memberProfiles,
  memberSchema,
  memberSituations,
  portalMessages,
  type PortalRecord,
} from '@assoc/domain';
import { useAppForm } from '../../ui/form';
import { useAfterFirstPaint } from '../../ui/hooks/useAfterFirstPaint';
import { StaleRecordAlert } from '../../ui/crud/StaleRecordAlert';
import { ProcessingModal } from '../../tools/components/ProcessingModal';
import type { MemberForm, MemberFormValues } from '../../member/member-tab.types';
import { UserTabProvider } from '../../member/user-tab/userTabContext';
import { UserSection, SectionFields } from '../../member/user-tab/components/UserSection';
import { AddressFields } from '../../member/user-tab/components/AddressFields';
import { TextField } from '../../member/user-tab/components/TextField';
import { FlagSwitch } from '../../member/user-tab/components/FlagSwitch';
import { SelectField } from '../../member/user-tab/components/SelectField';
import { portalFormValues } from './portalForm';
import { ReadOnlyAddress, ReadOnlyField } from './ReadOnlyField';
import { usePortalSave } from './usePortalSave';
import classes from './CadastroTab.module.css';

const options = (list: readonly { value: number | string; label: string }[]) => list.map((o) => ({ value: String(o.value), label: o.label }));
const labelOf = (list: readonly { value: number | string; label: string }[], value: number | string | null | undefined) =>
  list.find((o) => o.value === value)?.label ?? '';
const sexLabel = (value: number | null) => (value === 0 ? 'Masculino' : value === 1 ? 'Feminino' : '');
const NO_DIFFS: ReadonlySet<string> = new Set();

/** The save button's label for the form's state (spec 3 §2.15). */
export const saveLabel = (state: 'invalid' | 'changed' | 'unchanged') =>
  state === 'invalid' ? portalMessages.saveInvalid : state === 'changed' ? portalMessages.saveChanged : portalMessages.saveUnchanged;

/** One field a row on a phone, two or three from `sm` up. */
const half = { base: 12, sm: 6 } as const;
const third = { base: 12, sm: 6, md: 4 } as const;

interface CadastroFormProps {
  record: PortalRecord;
  cstId: number;
  onReload: () => Promise<unknown>;
}

/**
 * The Cadastro panels (spec 3 §2.15, §5): personal data read-only but e-mail and mobile; magistrate (Concurso); dates
 * and bank data read-only; options (default address, statement by e-mail, communication preference; the automatic
 * I.R. toggle is hidden for v2portal, §6); residential and commercial addresses with the CEP lookup (no maps button,
 * §6); the forum address read-only and only for an active member; the emergency contact. The fields, their rules and
 * messages are the staff record's (memberSchema and the Usuário tab's field components).
 */
export function CadastroForm({ record, cstId, onReload }: CadastroFormProps) {
  const form: MemberForm = useAppForm<typeof memberSchema, MemberFormValues>(memberSchema, portalFormValues(record));
  const { save, saving, stale } = usePortalSave(form, cstId);
  const [reloading, setReloading] = useState(false);
  const reload = () => {
    setReloading(true);
    void onReload().finally(() => setReloading(false));
  };
  const ok = form.ok;
  // The panels below the first screenful (a phone shows about the personal data) render once it is painted.
  const restReady = useAfterFirstPaint();
  const hasForum = record.enderecoForum !== null;
  const addressChoices = [
    { value: '1', label: 'Residencial' },
    { value: '2', label: 'Comercial' },
    ...(hasForum || record.enderecoSelected === 3 ? [{ value: '3', label: 'Fórum' }] : []),
  ];
  const dates = (
    [
      ['Admissão', record.custAdmissao],
      ['Saída', record.custSaida],
      ['Casamento', record.custMarriage],
      ['Aposentadoria', record.custAposentadoria],
      ['Falecimento', record.custDeceased],
    ] as const
  ).filter(([, value]) => value);
  const bank = record.bankAccount;
  const withDigit = (value: string | null, digit: string | null) => [value, digit].filter(Boolean).join('-');

  return (
    <UserTabProvider value={{ form, cstId, audit: false, diffs: NO_DIFFS }}>
      <Stack gap="md" className={classes.root}>
        {stale ? <StaleRecordAlert onReload={reload} reloading={reloading} /> : null}

        <UserSection title="Dados pessoais" visible editable>
          <SectionFields>
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, md: 8 }}>
                <ReadOnlyField label="Nome" value={record.custName} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                <ReadOnlyField label="Tratamento" value={record.custTreatment} />
              </Grid.Col>
              <Grid.Col span={third}>
                <ReadOnlyField label="CPF" value={record.custCpf ? formatCpf(record.custCpf) : ''} />
              </Grid.Col>
              <Grid.Col span={third}>
                <ReadOnlyField label="RG" value={record.custRg} />
              </Grid.Col>
              <Grid.Col span={third}>
                <ReadOnlyField label="Data de nascimento" value={formatDate(record.custBirthdate)} />
              </Grid.Col>
              <Grid.Col span={third}>
                <ReadOnlyField label="Sexo" value={sexLabel(record.custSex)} />
              </Grid.Col>
              <Grid.Col span={third}>
                <ReadOnlyField label="Estado civil" value={labelOf(civilStatuses, record.custEstadoCivil)} />
              </Grid.Col>
              <Grid.Col span={third}>
                <ReadOnlyField label="Número interno" value={record.custNumeroInterno ? formatNumeroInterno(record.custNumeroInterno) : ''} />
              </Grid.Col>
              <Grid.Col span={half}>
                <ReadOnlyField label="Perfil" value={labelOf(memberProfiles, record.custStatus)} />
              </Grid.Col>
              <Grid.Col span={half}>
                <ReadOnlyField label="Situação" value={labelOf(memberSituations, record.custAssocSituacao)} />
              </Grid.Col>
              <Grid.Col span={half}>
                <ReadOnlyField label="Filiação (mãe)" value={record.custFiliacaoMae} />
              </Grid.Col>
              <Grid.Col span={half}>
                <ReadOnlyField label="Filiação (pai)" value={record.custFiliacaoPai} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextField path="custEmail" label="E-mail" type="email" maxLength={120} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4, md: 2 }}>
                <TextField path="custCelularDdd" label="DDD" digits maxLength={2} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 8, md: 4 }}>
                <TextField path="custCelular" label="Celular" digits maxLength={9} />
              </Grid.Col>
            </Grid>
          </SectionFields>
        </UserSection>

        <UserSection title="Dados de magistrado" visible editable>
          <SectionFields>
            <Grid gap="sm">
              <Grid.Col span={third}>
                <TextField path="custConcurso" label="Concurso" maxLength={18} />
              </Grid.Col>
            </Grid>
          </SectionFields>
        </UserSection>

        {restReady ? (
          <>
            {dates.length ? (
              <UserSection title="Datas" visible editable={false}>
                <Grid gap="sm">
                  {dates.map(([label, value]) => (
                    <Grid.Col key={label} span={third}>
                      <ReadOnlyField label={label} value={formatDate(value)} />
                    </Grid.Col>
                  ))}
                </Grid>
              </UserSection>
            ) : null}

            <UserSection title="Dados bancários" visible editable={false}>
              <Grid gap="sm">
                <Grid.Col span={third}>
                  <ReadOnlyField label="Banco" value={bank?.bankName} />
                </Grid.Col>
                <Grid.Col span={third}>
                  <ReadOnlyField label="Agência" value={withDigit(bank?.bnkaccBranch ?? null, bank?.bnkaccBranchDigit ?? null)} />
                </Grid.Col>
                <Grid.Col span={third}>
                  <ReadOnlyField label="Conta" value={withDigit(bank?.bnkaccAccount ?? null, bank?.bnkaccAccountDigit ?? null)} />
                </Grid.Col>
              </Grid>
            </UserSection>

            <UserSection title="Opções" visible editable>
              <SectionFields>
                <Grid gap="sm" align="flex-end">
                  <Grid.Col span={third}>
                    <Select
                      label="Endereço padrão"
                      data={addressChoices}
                      allowDeselect={false}
                      value={String(form.values.enderecoSelected ?? 1)}
                      error={form.errorOf('enderecoSelected')}
                      onChange={(next) => {
                        if (!next) return;
                        const kind = Number(next) as 1 | 2 | 3;
                        form.setValue('enderecoSelected', kind);
                        // Its zip is now required ('Endereço obrigatório'): shown at once.
                        form.touch(
                          kind === 1 ? 'enderecoResidencial.adZipcode' : kind === 2 ? 'enderecoComercial.adZipcode' : 'enderecoForum.adZipcode',
                        );
                      }}
                    />
                  </Grid.Col>
                  <Grid.Col span={third}>
                    <FlagSwitch path="custExtratoPorEmail" label="Extrato por e-mail" />
                  </Grid.Col>
                  <Grid.Col span={third}>
                    <SelectField path="custComunicacao" label="Preferência de comunicação" data={options(communicationPreferences)} />
                  </Grid.Col>
                  <Grid.Col span={third}>
                    <FlagSwitch path="custRecusaCampanhas" label="Recusa campanhas" />
                  </Grid.Col>
                </Grid>
              </SectionFields>
            </UserSection>

            <UserSection title="Endereço residencial" visible editable>
              <AddressFields path="enderecoResidencial" canPrintLabel={false} canOpenMap={false} onPrintLabel={() => {}} onOpenMap={() => {}} />
            </UserSection>
            <UserSection title="Endereço comercial" visible editable>
              <AddressFields path="enderecoComercial" canPrintLabel={false} canOpenMap={false} onPrintLabel={() => {}} onOpenMap={() => {}} />
            </UserSection>
            {hasForum ? (
              <UserSection title="Endereço do fórum" visible editable={false}>
                <ReadOnlyAddress address={record.enderecoForum!} />
              </UserSection>
            ) : null}

            <UserSection title="Contato" visible editable>
              <SectionFields>
                <Grid gap="sm">
                  <Grid.Col span={{ base: 12, md: 8 }}>
                    <TextField path="custContatoNome" label="Nome do contato" maxLength={64} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 4 }}>
                    <SelectField path="custContatoParentesco" label="Parentesco" data={options(kinships)} clearable />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 4, md: 2 }}>
                    <TextField path="custContatoFoneDdd" label="DDD do contato" digits maxLength={2} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 8, md: 4 }}>
                    <TextField path="custContatoFone" label="Telefone do contato" digits maxLength={9} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 6 }}>
                    <TextField path="custContatoEmail" label="E-mail do contato" type="email" maxLength={120} />
                  </Grid.Col>
                </Grid>
              </SectionFields>
            </UserSection>
          </>
        ) : null}

        <Group justify="flex-end" className={classes.saveBar}>
          <Button
            color={ok.color}
            data-ok-state={ok.state}
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            disabled={ok.disabled || saving}
            onClick={save}
          >
            {saveLabel(ok.state)}
          </Button>
        </Group>
        <ProcessingModal opened={saving} text={portalMessages.saving} />
      </Stack>
    </UserTabProvider>
  );
}
