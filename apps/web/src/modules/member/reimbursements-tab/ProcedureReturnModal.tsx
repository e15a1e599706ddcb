import { Grid, Select, Table, TextInput } from '@mantine/core';
import {
  procedureReturnFormSchema,
  REIMBURSEMENT_LIMITS,
  RETURN_STATUS,
  returnStatuses,
  PENDING_LABEL,
  type ProcedureReturnFormValues,
} from '@assoc/domain';
import { FormModal } from '../../ui/crud/FormModal';
import { useAppForm } from '../../ui/form';
import { DateInput, MoneyInput } from '../../ui/inputs';
import { reimbursementTexts as t } from './texts';
import { procedureCells, type ProcedureRow } from './reimbursementRows';

/** Pendente is the empty status (spec 2 §3). */
const PENDING = '';

export interface ProcedureReturnModalProps {
  procedure: ProcedureRow;
  onSave: (values: ProcedureReturnFormValues) => void;
  onClose: () => void;
}

/**
 * The procedure edit dialog (spec 2 §2.4, §4): the procedure's own fields read-only, then its return — status 1 Pago,
 * 2 Devolvido/Pendente, 3 Negado, empty Pendente; date and value shown (and required, value ≥ R$ 0,01) only for Pago;
 * the reason up to 80 characters.
 */
export function ProcedureReturnModal({ procedure, onSave, onClose }: ProcedureReturnModalProps) {
  const form = useAppForm(procedureReturnFormSchema, {
    procRetornoStatus: procedure.procRetornoStatus ?? null,
    procRetornoData: procedure.procRetornoData ?? null,
    procRetornoValor: procedure.procRetornoValor ?? null,
    procRetornoMotivo: procedure.procRetornoMotivo ?? '',
  });
  const cells = procedureCells(procedure);
  const paid = form.values.procRetornoStatus === RETURN_STATUS.PAGO;
  return (
    <FormModal
      opened
      title={t.procedureEditTitle}
      size="lg"
      valid={form.valid}
      changed={form.changed}
      onSave={() => {
        onSave(form.parsed());
        onClose();
      }}
      onClose={onClose}
    >
      <Table aria-label={t.procedureTitle} withTableBorder>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">{t.procedureType}</Table.Th>
            <Table.Td>{cells.type}</Table.Td>
            <Table.Th scope="row">{t.procedureDate}</Table.Th>
            <Table.Td>{cells.date}</Table.Td>
            <Table.Th scope="row">{t.procedureValue}</Table.Th>
            <Table.Td>{cells.value}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label={t.returnStatus}
            allowDeselect={false}
            data={[{ value: PENDING, label: PENDING_LABEL }, ...returnStatuses.map((s) => ({ value: String(s.value), label: s.label }))]}
            value={form.values.procRetornoStatus == null ? PENDING : String(form.values.procRetornoStatus)}
            error={form.errorOf('procRetornoStatus')}
            onChange={(next) => {
              const status = next === null || next === PENDING ? null : Number(next);
              form.setValue('procRetornoStatus', status);
              if (status !== RETURN_STATUS.PAGO) {
                form.setValue('procRetornoData', null);
                form.setValue('procRetornoValor', null);
              }
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t.returnReason} {...form.textProps('procRetornoMotivo', REIMBURSEMENT_LIMITS.motivo)} />
        </Grid.Col>
        {paid ? (
          <>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <DateInput label={t.returnDate} withAsterisk {...form.dateInputProps('procRetornoData')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <MoneyInput label={t.returnValue} withAsterisk {...form.getInputProps('procRetornoValor')} />
            </Grid.Col>
          </>
        ) : null}
      </Grid>
    </FormModal>
  );
}
