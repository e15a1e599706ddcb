import { useState } from 'react';
import { ActionIcon, Button, Grid, Group, Select, Table, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  claimFormSchema,
  marcaOticaOf,
  markEdited,
  reimbursementContracts,
  reimbursementMessages,
  REIMBURSEMENT_LIMITS,
  type ClaimFormValues,
} from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';
import { FormModal } from '../../ui/crud/FormModal';
import { useAppForm } from '../../ui/form';
import { ProcedureModal } from './ProcedureModal';
import { ProcedureReturnModal } from './ProcedureReturnModal';
import { liveProcedures, procedureCells, type ClaimRow, type ProcedureRow } from './reimbursementRows';
import { reimbursementTexts as t } from './texts';
import { ScrollTable } from '../../ui/components/ScrollTable';

export interface ClaimModalProps {
  /** The holder whose family the patients come from. */
  cstId: number;
  /** The claim edited; null for a new one. */
  claim: ClaimRow | null;
  /** The claim as it goes into the member's list (its marker set by the caller). */
  onSave: (claim: { patientName: string; values: ClaimFormValues; procedures: ProcedureRow[] }) => void;
  onClose: () => void;
}

/**
 * 'Ressarcimento - Reembolso' (spec 2 §2.4, §4, §5): the patient (the holder or a dependent, `GET
 * ressarcimento/pacientes/{cstId}`), the optical mark taken from the patient's card, the association protocol (N/I when
 * empty) and the procedures. Adding: procedures are added (with their documents) and removed. Editing a saved claim
 * (edit mode): the patient stays, adding procedures is disabled, delete is hidden and an edit column opens each
 * procedure's return; an edited procedure is marked update.
 */
export function ClaimModal({ cstId, claim, onSave, onClose }: ClaimModalProps) {
  const editMode = claim !== null && claim.operation !== 'insert';
  const form = useAppForm(claimFormSchema, {
    resPacienteCstId: claim?.resPacienteCstId ?? (null as unknown as number),
    resMarcaOtica: claim?.resMarcaOtica ?? '',
    resProtocoloAssoc: claim?.resProtocoloAssoc ?? '',
  });
  const [procedures, setProcedures] = useState<ProcedureRow[]>(() => claim?.procedimentos ?? []);
  const [proceduresChanged, setProceduresChanged] = useState(false);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const patients = useQuery({
    queryKey: queryKeyOf(reimbursementContracts.patients, { params: { cstId } }),
    queryFn: ({ signal }) => callApi(reimbursementContracts.patients, { params: { cstId } }, { signal }),
    enabled: cstId > 0,
  });
  const options = (patients.data ?? []).map((p) => ({ value: String(p.cstId), label: p.custName }));
  if (claim && !options.some((o) => o.value === String(claim.resPacienteCstId)))
    options.push({ value: String(claim.resPacienteCstId), label: claim.resPacienteNome ?? '' });
  const live = liveProcedures({ procedimentos: procedures });
  const changeProcedures = (next: ProcedureRow[]) => {
    setProcedures(next);
    setProceduresChanged(true);
  };

  const save = () => {
    const values = form.parsed();
    const patientName = patients.data?.find((p) => p.cstId === values.resPacienteCstId)?.custName ?? claim?.resPacienteNome ?? '';
    onSave({ patientName, values, procedures });
    onClose();
  };

  return (
    <FormModal
      opened
      title={t.claimTitle}
      size="xl"
      valid={form.valid && live.length > 0}
      changed={form.changed || proceduresChanged}
      onSave={save}
      onClose={onClose}
    >
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label={t.patient}
            placeholder="Selecione..."
            withAsterisk
            allowDeselect={false}
            searchable
            disabled={editMode}
            data={options}
            value={form.values.resPacienteCstId == null ? null : String(form.values.resPacienteCstId)}
            error={form.errorOf('resPacienteCstId')}
            onBlur={() => form.touch('resPacienteCstId')}
            onChange={(next) => {
              const id = next === null ? null : Number(next);
              form.setValue('resPacienteCstId', id as number);
              form.touch('resPacienteCstId');
              // spec 2 §3: the optical mark is taken from the patient's card.
              const card = patients.data?.find((p) => p.cstId === id)?.carteirinha ?? null;
              form.setValue('resMarcaOtica', marcaOticaOf(card));
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextInput label={t.marcaOtica} withAsterisk {...form.textProps('resMarcaOtica', REIMBURSEMENT_LIMITS.marcaOtica)} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextInput
            label={t.protocoloAssoc}
            placeholder={reimbursementMessages.noProtocol}
            {...form.textProps('resProtocoloAssoc', REIMBURSEMENT_LIMITS.protocoloAssoc)}
          />
        </Grid.Col>
      </Grid>
      <Group justify="space-between">
        <Text fw={600} size="sm">
          {t.procedures}
        </Text>
        <Button size="xs" leftSection={<IconPlus size={14} />} disabled={editMode} onClick={() => setAdding(true)}>
          {t.addProcedure}
        </Button>
      </Group>
      <ScrollTable minWidth={560}>
        <Table aria-label={t.procedures}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.procedureType}</Table.Th>
              <Table.Th>{t.procedureDate}</Table.Th>
              <Table.Th ta="right">{t.procedureValue}</Table.Th>
              <Table.Th>{t.returnStatus}</Table.Th>
              <Table.Th ta="right">{t.returnValue}</Table.Th>
              <Table.Th w={50}>
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {live.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text size="sm">{t.noProcedures}</Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {procedures.map((p, index) => {
              if (p.operation === 'delete') return null;
              const cells = procedureCells(p);
              return (
                <Table.Tr key={p.procId ?? `${p.procKey}-${index}`} data-operation={p.operation}>
                  <Table.Td>{cells.type}</Table.Td>
                  <Table.Td>{cells.date}</Table.Td>
                  <Table.Td ta="right">{cells.value}</Table.Td>
                  <Table.Td>{cells.status}</Table.Td>
                  <Table.Td ta="right">{cells.returnValue}</Table.Td>
                  <Table.Td>
                    {editMode ? (
                      <Tooltip label="Editar">
                        <ActionIcon variant="subtle" aria-label={t.editProcedure(cells.type)} onClick={() => setEditing(index)}>
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Tooltip>
                    ) : (
                      <Tooltip label="Apagar">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t.removeProcedure(cells.type)}
                          onClick={() => changeProcedures(procedures.filter((_, i) => i !== index))}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {adding ? <ProcedureModal onAdd={(p) => changeProcedures([...procedures, p])} onClose={() => setAdding(false)} /> : null}
      {editing !== null && procedures[editing] ? (
        <ProcedureReturnModal
          procedure={procedures[editing]}
          onSave={(values) =>
            changeProcedures(procedures.map((p, i) => (i === editing ? { ...p, ...values, operation: markEdited(p.operation) } : p)))
          }
          onClose={() => setEditing(null)}
        />
      ) : null}
    </FormModal>
  );
}
