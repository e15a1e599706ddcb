import { useMemo, useState } from 'react';
import { Grid, Group, Select, Stack, Tabs, TextInput, Title } from '@mantine/core';
import { dependentAssociationFields, dependentItemSchema, kinships } from '@assoc/domain';
import { READ_ONLY_FIELD_CLASS } from '../../../app/theme';
import { MemberPhoto } from '../../member-photo';
import { FormModal } from '../../ui/crud/FormModal';
import { useAppForm, type FieldPath } from '../../ui/form';
import { CpfInput, DateInput } from '../../ui/inputs';
import { changedFieldProps } from '../changed-field';
import { ServicesPanel } from '../services-tab/ServicesPanel';
import { dependentsTexts as t, type DependentRow } from './dependentRows';

const SEXES = [
  { value: '0', label: 'Masculino' },
  { value: '1', label: 'Feminino' },
];
const KINSHIPS = kinships.map((k) => ({ value: String(k.value), label: k.label }));

/** A path of the dependent's form (typed from the domain's dependent schema). */
type DependentPath = FieldPath<DependentRow>;

export interface DependentModalProps {
  /** The row as the member form holds it (a new one: emptyDependent). */
  row: DependentRow;
  isNew: boolean;
  /** The dependent's own fields may change (v2depadd for a new one, v2depedit for a stored one). */
  canEditData: boolean;
  /** The association panel may change (v2userdadosassoc). */
  canEditAssociation: boolean;
  /** The services tab is shown (v2depservicoview or v2depservicoedit) and may change (v2depservicoedit). */
  canViewServices: boolean;
  canEditServices: boolean;
  /** Audit mode: everything read only. */
  readOnly: boolean;
  /** The audit version's changed paths inside this row ('custName', 'usuarioServicos.0'). */
  diffs: ReadonlySet<string>;
  positions: readonly { afcId: number; afcCargo: string }[];
  onSave: (row: DependentRow) => void;
  onClose: () => void;
}

/**
 * "Adicionar dependente" (spec 1 §2): tabs Dependente (photo, name, kinship, birth date, sex, CPF and the
 * association panel, read only without its edit role) and Serviços (the dependent's services, the Serviços tab's
 * panel over this row). Ok hands the row back to the member form; nothing is final until the member is saved.
 */
export function DependentModal(props: DependentModalProps) {
  const { row, isNew, canEditData, canEditAssociation, canViewServices, canEditServices, readOnly, diffs, positions, onSave, onClose } = props;
  // A stored row being edited is checked as an update (the rules of spec 1 §5 apply to the rows the save writes).
  const [initial] = useState<DependentRow>(() => ({ ...row, operation: isNew ? 'insert' : canEditData && !readOnly ? 'update' : row.operation }));
  const form = useAppForm(dependentItemSchema, initial);
  const dataEditable = canEditData && !readOnly;
  const associationEditable = dataEditable && canEditAssociation;
  const cargos = useMemo(() => positions.map((p) => ({ value: String(p.afcId), label: p.afcCargo })), [positions]);
  const v = form.values;
  const changed = (path: DependentPath) => changedFieldProps(diffs, path);

  const select = (
    path: DependentPath & keyof DependentRow,
    label: string,
    data: { value: string; label: string }[],
    editable: boolean,
    required = false,
  ) => {
    const value = form.values[path];
    return (
      <Select
        label={label}
        placeholder="Selecione..."
        withAsterisk={required}
        data={data}
        readOnly={!editable}
        // Looks read-only too (issue 22): the theme cannot mark a Select by its readOnly prop.
        className={editable ? undefined : READ_ONLY_FIELD_CLASS}
        clearable={!required && editable}
        allowDeselect={false}
        value={value == null ? null : String(value)}
        error={form.errorOf(path)}
        onBlur={() => form.touch(path)}
        onChange={(next) => {
          form.setValue(path, next === null ? null : Number(next));
          form.touch(path);
        }}
        {...changed(path)}
      />
    );
  };

  const dependentPanel = (
    <Stack gap="sm">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <MemberPhoto
          name={v.custName ?? ''}
          photoKey={v.custPhotoKey}
          photo={v.custPhoto}
          editable={dataEditable}
          width={96}
          onChange={(dataUrl) => form.setValue('custPhoto', dataUrl)}
        />
        <Grid gap="sm" style={{ flex: 1 }}>
          <Grid.Col span={12}>
            <TextInput
              label="Nome"
              withAsterisk
              readOnly={!dataEditable}
              data-autofocus
              {...form.textProps('custName', 64)}
              {...changed('custName')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>{select('custParentesco', 'Parentesco', KINSHIPS, dataEditable, true)}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>{select('custSex', 'Sexo', SEXES, dataEditable, true)}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            {dataEditable ? (
              <DateInput label="Nascimento" withAsterisk {...form.dateInputProps('custBirthdate')} />
            ) : (
              <TextInput
                label="Nascimento"
                readOnly
                value={v.custBirthdate ? v.custBirthdate.split('-').reverse().join('/') : ''}
                {...changed('custBirthdate')}
              />
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <CpfInput
              withAsterisk
              readOnly={!dataEditable}
              value={v.custCpf ?? ''}
              error={form.errorOf('custCpf')}
              onBlur={() => form.touch('custCpf')}
              onChange={(digits) => form.setValue('custCpf', digits)}
              {...changed('custCpf')}
            />
          </Grid.Col>
        </Grid>
      </Group>
      <Title order={3} size="h5">
        {t.association}
      </Title>
      <Grid gap="sm">
        {dependentAssociationFields.map((field, i) => (
          <Grid.Col key={field} span={{ base: 12, sm: 6, md: 3 }}>
            {select(field, `Cargo ${i + 1}`, cargos, associationEditable)}
          </Grid.Col>
        ))}
      </Grid>
    </Stack>
  );

  return (
    <FormModal
      opened
      title={isNew ? t.modalTitle : `${t.editTitle}: ${row.custName ?? ''}`}
      size="xl"
      valid={form.valid}
      changed={!readOnly && form.changed}
      onClose={onClose}
      onSave={() => {
        if (readOnly || !form.showAllErrors()) return;
        onSave(form.values);
      }}
    >
      <Tabs defaultValue="dependent" keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="dependent">{t.tabDependent}</Tabs.Tab>
          {canViewServices ? <Tabs.Tab value="services">{t.tabServices}</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="dependent">{dependentPanel}</Tabs.Panel>
        {canViewServices ? (
          <Tabs.Panel value="services">
            {/* The panel's own modals (Adicionar serviço, the plugin forms) are forms too: React carries their submit
                through the portal to this modal's form, which would take it as this modal's Ok. */}
            <div onSubmit={(event) => event.stopPropagation()}>
              <ServicesPanel
                form={form}
                basePath="usuarioServicos"
                owner={{ isDependent: true, birthdate: v.custBirthdate ?? null }}
                canEdit={canEditServices && !readOnly}
                readOnly={readOnly}
                diffs={diffs}
              />
            </div>
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </FormModal>
  );
}
