import {
  Alert,
  Checkbox,
  FileInput,
  Grid,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconCircleCheck, IconUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  BENEFIT_WITHOUT_PLAN,
  CCH_QUANTITY_MAX,
  CCH_QUANTITY_MIN,
  cchBenefitOptions,
  cchContracts,
  cchLimits,
  cchMessages,
  cchPaymentDefaults,
  cchRequestSchema,
  cchStatusInfo,
  cchStatusOptions,
  cchStatusPanels,
  cchUploadReplySchema,
  forcedTussOf,
  formatCents,
  formatDate,
  isCchStatus,
  isoDateInAppZone,
  isValidIsoDate,
  therapyBalance,
  tussOnBenefitChange,
  TUSS_LENGTH,
  type CchBalance,
  type CchRecord,
  type CchRequestInput,
  type CchStatus,
} from '@assoc/domain';
import { apiUpload, isApiError } from '../../app/api';
import { callApi, queryKeyOf, relativeUrlOf } from '../../app/client';
import { FormModal } from '../ui/crud/FormModal';
import { useAppForm, useFormSave } from '../ui/form';
import { CpfInput, DateInput, MoneyInput } from '../ui/inputs';
import { notifyError, notifySuccess } from '../ui/notify';
import { cchTexts } from './texts';

export interface CchRequestModalProps {
  /** The person the request is for (holder or dependent). */
  cstId: number;
  /** The request being edited (a list row); null: a new request ('CCH - Novo'). */
  record: CchRecord | null;
  onClose: () => void;
  onSaved: (record: CchRecord) => void;
}

/** The form's values from a stored request (its own fields only), or a new request's. */
function initialValuesOf(cstId: number, record: CchRecord | null) {
  return {
    cstId,
    cchBeneficio: record?.cchBeneficio ?? (null as number | null),
    cchRecurso: record?.cchRecurso ?? false,
    // A new request starts EM ANÁLISE (the list's opening status); PENDENTE needs an observation saying what is missing.
    cchStatus: record?.cchStatus ?? 2,
    cchPlanoSaude: record?.cchPlanoSaude ?? (null as number | null),
    cchDataProcedimento: record?.cchDataProcedimento ?? (null as string | null),
    cchValorTotal: record?.cchValorTotal ?? (null as number | null),
    cchValorConvenio: record?.cchValorConvenio ?? (null as number | null),
    cchValorSolicitado: record?.cchValorSolicitado ?? (null as number | null),
    cchTUSS: record?.cchTUSS ?? '',
    cchQuantidade: record?.cchQuantidade ?? (1 as number | null),
    cchProcedimento: record?.cchProcedimento ?? '',
    cchObs: record?.cchObs ?? '',
    cchDeliberacao: record?.cchDeliberacao ?? '',
    cchScanKey: record?.cchScanKey ?? (null as string | null),
    cchImportado: record?.cchImportado ?? false,
    cchBancoCliente: record?.cchBancoCliente ?? '',
    cchBancoCPF: record?.cchBancoCPF ?? '',
    cchBancoNumero: record?.cchBancoNumero ?? '',
    cchBancoAgencia: record?.cchBancoAgencia ?? '',
    cchBancoConta: record?.cchBancoConta ?? '',
    cchBancoContaDigito: record?.cchBancoContaDigito ?? '',
    cchDataPagamento: record?.cchDataPagamento ?? (null as string | null),
    cchValorPago: record?.cchValorPago ?? (null as number | null),
    version: record?.version,
  };
}

/** `POST cch/upload`: the scan as multipart `file`; any failure is the spec's upload message (spec 2 §8). */
async function uploadScan(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  const reply = await apiUpload<unknown>(relativeUrlOf(cchContracts.upload), form, { message: cchMessages.uploadFailed, explains: () => false });
  const parsed = cchUploadReplySchema.safeParse(reply);
  if (!parsed.success) throw new Error(cchMessages.uploadFailed);
  return parsed.data;
}

/** The scan panel: a PDF or image sent at once; its key goes into the request (cchScanKey). */
function ScanPanel({ onUploaded, uploaded, error }: { onUploaded: (key: string) => void; uploaded: boolean; error?: string }) {
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const send = async (chosen: File | null) => {
    setFile(chosen);
    setFailure(null);
    if (!chosen) return;
    setSending(true);
    try {
      onUploaded((await uploadScan(chosen)).key);
    } catch {
      setFailure(cchMessages.uploadFailed);
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack gap="xs">
      <FileInput
        label={cchTexts.upload}
        description={cchTexts.uploadHint}
        accept="application/pdf,image/*"
        leftSection={<IconUpload size={16} aria-hidden />}
        value={file}
        onChange={(chosen) => void send(chosen)}
        disabled={sending}
        error={error}
        clearable
      />
      {failure ? (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      ) : null}
      {uploaded && !failure && !sending ? (
        // The check carries the colour: green text on the panel fails WCAG AA contrast (axe, in Chromium).
        <Group gap={4} role="status" wrap="nowrap">
          <IconCircleCheck size={16} color="var(--mantine-color-green-8)" aria-hidden />
          <Text size="sm">{cchTexts.uploaded}</Text>
        </Group>
      ) : null}
    </Stack>
  );
}

/** The balances of the procedure date's year (GET cch/saldo), as the rules read them. */
function BalancePanel({ balance }: { balance: CchBalance }) {
  const physio = therapyBalance(balance, 'fisioterapia');
  const acupuncture = therapyBalance(balance, 'acupuntura');
  const rows: [string, string][] = [
    ['Benefício 1', formatCents(balance.cslValue1)],
    ['Benefício 2', formatCents(balance.cslValue2)],
    ['Benefício 3', formatCents(balance.cslValue12)],
    ['Benefício 4 (E)', formatCents(balance.cslValue14)],
    ['Benefício 5 (D)', formatCents(balance.cslValue15)],
    ['Fisioterapia', `${formatCents(physio.amount)} · ${cchTexts.sessions(physio.sessions)}`],
    ['Acupuntura', `${formatCents(acupuncture.amount)} · ${cchTexts.sessions(acupuncture.sessions)}`],
  ];
  if (balance.cslDate1) rows.push([cchTexts.grace, formatDate(balance.cslDate1)]);
  return (
    <Table withTableBorder captionSide="top" fz="sm" data-testid="cch-balances">
      <Table.Caption>{`${balance.anteriorReajuste ? cchTexts.preAdjustment : cchTexts.balances} ${balance.ano}`}</Table.Caption>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row">{label}</Table.Th>
            <Table.Td ta="right">{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The CCH request modal (spec 2 §2.2, §4, §5): 'CCH - Novo' from the member record or the list's edit icon. Every rule
 * is the domain's `cchRequestSchema`, given today, the loaded status and the balances of the procedure date (GET
 * cch/saldo, asked again when the date changes), so the messages show as the user types; the server runs the same
 * schema when it saves (POST cch / PUT cch/{cchId} with the version: 409 shows the server's message).
 */
export function CchRequestModal({ cstId, record, onClose, onSaved }: CchRequestModalProps) {
  const queryClient = useQueryClient();
  const adding = record === null;
  const stored: CchStatus | null = record && isCchStatus(record.cchStatus) ? record.cchStatus : null;
  // A form being filled holds the empty fields the schema refuses (its messages say which): typed as the schema's input.
  const [initial] = useState(() => initialValuesOf(cstId, record) as unknown as CchRequestInput);
  const [balanceDate, setBalanceDate] = useState<string | undefined>(record?.cchDataProcedimento);
  const [addPages, setAddPages] = useState(false);
  const [tussInfo, setTussInfo] = useState<string | null>(null);

  const plans = useQuery({
    queryKey: queryKeyOf(cchContracts.plans),
    queryFn: ({ signal }) => callApi(cchContracts.plans, undefined, { signal }),
    staleTime: 5 * 60_000,
  });
  const balanceQuery = { ...(balanceDate ? { data: balanceDate } : {}), ...(record ? { cchId: record.cchId } : {}) };
  const balance = useQuery({
    queryKey: queryKeyOf(cchContracts.balance, { params: { cstId }, query: balanceQuery }),
    queryFn: ({ signal }) => callApi(cchContracts.balance, { params: { cstId }, query: balanceQuery }, { signal }),
    retry: false,
  });

  const schema = useMemo(
    () => cchRequestSchema({ today: isoDateInAppZone(), previousStatus: stored, balance: balance.data ?? null }),
    [stored, balance.data],
  );
  const form = useAppForm(schema, initial);
  const v = form.values;
  const status = isCchStatus(v.cchStatus) ? v.cchStatus : 1;
  const panels = cchStatusPanels[status];
  const locked = stored !== null && cchStatusPanels[stored].statusLocked;
  const final = stored === 6;
  const forced = forcedTussOf(v.cchBeneficio);
  const showUpload = adding || (stored === 1 && addPages);
  const scanMissing = adding && !v.cchScanKey;

  const onProcedureDate = (date: string | null) => {
    form.setValue('cchDataProcedimento', date);
    // The balances are asked again for the new date (another year, or the other side of the last increase).
    if (date && isValidIsoDate(date)) setBalanceDate(date);
  };
  const onBenefit = (value: string | null) => {
    const next = value === null ? null : Number(value);
    form.setMany({ cchBeneficio: next ?? undefined, cchTUSS: tussOnBenefitChange(v.cchBeneficio, next, v.cchTUSS) });
    if (next === BENEFIT_WITHOUT_PLAN) form.setValue('cchPlanoSaude', null);
    form.setExternalError('cchTUSS', '');
    setTussInfo(null);
  };
  const onStatus = async (value: string | null) => {
    const next = Number(value);
    form.setValue('cchStatus', next);
    if (next !== 5) return;
    // Choosing PAGO loads the member's bank data and fills the amount paid with the requested one (spec 2 §2.2).
    try {
      const bank = await callApi(cchContracts.bank, { params: { cstId } });
      const defaults = cchPaymentDefaults(v.cchValorSolicitado, bank);
      form.setMany({
        cchBancoCliente: defaults.cchBancoCliente ?? '',
        cchBancoCPF: defaults.cchBancoCPF ?? '',
        cchBancoNumero: defaults.cchBancoNumero ?? '',
        cchBancoAgencia: defaults.cchBancoAgencia ?? '',
        cchBancoConta: defaults.cchBancoConta ?? '',
        cchBancoContaDigito: defaults.cchBancoContaDigito ?? '',
        cchValorPago: defaults.cchValorPago,
      });
    } catch (error) {
      if (!(isApiError(error) && error.status === 401)) notifyError((error as Error).message);
    }
  };
  const lookupTuss = async () => {
    form.touch('cchTUSS');
    const code = (v.cchTUSS ?? '').trim();
    setTussInfo(null);
    if (code.length !== TUSS_LENGTH) return;
    try {
      const answer = await callApi(cchContracts.tuss, { params: { code } });
      // The server's message goes on the field (spec 2 §8); a known code shows its term.
      if (answer.error) form.setExternalError('cchTUSS', answer.msg);
      else setTussInfo(answer.msg || answer.tuss?.tussTerminologia || null);
    } catch {
      // A failed lookup blocks nothing: the server checks the code again when saving.
    }
  };

  const { saving, conflict, save } = useFormSave(
    form,
    () => {
      const body = form.parsed();
      return record
        ? callApi(cchContracts.update, { params: { cchId: record.cchId }, body: { ...body, version: record.version } })
        : callApi(cchContracts.create, { body });
    },
    (saved) => {
      notifySuccess(cchTexts.saved);
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(cchContracts.balance) });
      onSaved(saved);
    },
    scanMissing,
  );

  const statusData = (locked || final ? [stored!] : cchStatusOptions(stored)).map((s) => ({ value: String(s), label: cchStatusInfo[s].label }));
  const planData = (plans.data ?? []).map((p) => ({ value: String(p.value), label: p.label }));

  const data = (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={cchTexts.benefit}
          withAsterisk
          data={cchBenefitOptions.map((o) => ({ value: String(o.value), label: o.label }))}
          value={v.cchBeneficio == null ? null : String(v.cchBeneficio)}
          onChange={onBenefit}
          onBlur={() => form.touch('cchBeneficio')}
          error={form.errorOf('cchBeneficio')}
          disabled={final}
        />
        <Select
          label={cchTexts.status}
          withAsterisk
          data={statusData}
          value={String(status)}
          allowDeselect={false}
          onChange={(value) => void onStatus(value)}
          error={form.errorOf('cchStatus')}
          disabled={locked || final}
        />
        {v.cchBeneficio !== BENEFIT_WITHOUT_PLAN ? (
          <Select
            label={cchTexts.plan}
            withAsterisk
            data={planData}
            value={v.cchPlanoSaude == null ? null : String(v.cchPlanoSaude)}
            onChange={(value) => form.setValue('cchPlanoSaude', value === null ? null : Number(value))}
            onBlur={() => form.touch('cchPlanoSaude')}
            error={form.errorOf('cchPlanoSaude')}
            disabled={final}
          />
        ) : null}
        <DateInput label={cchTexts.procedureDate} withAsterisk {...form.dateInputProps('cchDataProcedimento')} onChange={onProcedureDate} />
        <MoneyInput label={cchTexts.total} withAsterisk {...form.getInputProps('cchValorTotal')} disabled={final} />
        <MoneyInput label={cchTexts.agreement} {...form.getInputProps('cchValorConvenio')} disabled={final} />
        <MoneyInput label={cchTexts.requested} withAsterisk {...form.getInputProps('cchValorSolicitado')} disabled={final} />
        <TextInput
          label={cchTexts.tuss}
          withAsterisk
          inputMode="numeric"
          {...form.textProps('cchTUSS', TUSS_LENGTH, (text) => text.replace(/\D/g, ''))}
          onChange={(event) => {
            form.setValue('cchTUSS', event.currentTarget.value.replace(/\D/g, ''));
            form.setExternalError('cchTUSS', '');
            setTussInfo(null);
          }}
          onBlur={() => void lookupTuss()}
          description={tussInfo ?? undefined}
          readOnly={forced !== null}
          disabled={final}
        />
        <TextInput
          label={cchTexts.procedure}
          {...form.textProps('cchProcedimento', cchLimits.procedimento)}
          withAsterisk={v.cchTUSS === '99999999'}
          disabled={final}
        />
        <NumberInput
          label={cchTexts.quantity}
          withAsterisk
          min={CCH_QUANTITY_MIN}
          max={CCH_QUANTITY_MAX}
          allowDecimal={false}
          clampBehavior="none"
          value={v.cchQuantidade ?? ''}
          onChange={(value) => form.setValue('cchQuantidade', typeof value === 'number' ? value : null)}
          onBlur={() => form.touch('cchQuantidade')}
          error={form.errorOf('cchQuantidade')}
          disabled={final}
        />
      </SimpleGrid>
      <Checkbox label={cchTexts.appeal} {...form.getInputProps('cchRecurso', { type: 'checkbox' })} disabled={final} />
      {panels.deliberation ? (
        <Textarea label={cchTexts.deliberation} withAsterisk rows={2} {...form.textProps('cchDeliberacao', cchLimits.deliberacao)} />
      ) : null}
      {panels.payment ? (
        <fieldset style={{ border: 0, padding: 0, margin: 0 }} disabled={final}>
          <Text component="legend" fw={600} mb="xs">
            {cchTexts.payment}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={cchTexts.bankClient} withAsterisk {...form.textProps('cchBancoCliente', cchLimits.bancoCliente)} />
            <CpfInput label={cchTexts.bankCpf} withAsterisk {...form.getInputProps('cchBancoCPF')} />
            <TextInput label={cchTexts.bankNumber} withAsterisk {...form.textProps('cchBancoNumero', cchLimits.bancoNumero)} />
            <TextInput label={cchTexts.bankAgency} withAsterisk {...form.textProps('cchBancoAgencia', cchLimits.bancoAgencia)} />
            <TextInput label={cchTexts.bankAccount} withAsterisk={!v.cchImportado} {...form.textProps('cchBancoConta', cchLimits.bancoConta)} />
            <TextInput label={cchTexts.bankDigit} {...form.textProps('cchBancoContaDigito', cchLimits.bancoContaDigito)} />
            <DateInput label={cchTexts.paymentDate} withAsterisk {...form.dateInputProps('cchDataPagamento')} />
            <MoneyInput label={cchTexts.paid} withAsterisk {...form.getInputProps('cchValorPago')} />
          </SimpleGrid>
        </fieldset>
      ) : null}
    </Stack>
  );

  return (
    <FormModal
      opened
      title={record ? cchTexts.editTitle(record.cchId) : cchTexts.newTitle}
      size={showUpload ? '80rem' : '56rem'}
      valid={form.valid && !scanMissing}
      changed={form.changed}
      saving={saving}
      onSave={() => void save()}
      onClose={onClose}
      conflict={conflict}
    >
      {balance.isError ? (
        <Alert color="red" variant="light" role="alert">
          {balance.error.message}
        </Alert>
      ) : null}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: showUpload ? 8 : 12 }}>
          <Tabs defaultValue="dados" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="dados">{cchTexts.tabData}</Tabs.Tab>
              <Tabs.Tab value="obs">{cchTexts.tabObs}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="dados" pt="sm">
              <Grid gap="md">
                <Grid.Col span={{ base: 12, lg: 8 }}>{data}</Grid.Col>
                <Grid.Col span={{ base: 12, lg: 4 }}>{balance.data ? <BalancePanel balance={balance.data} /> : null}</Grid.Col>
              </Grid>
            </Tabs.Panel>
            <Tabs.Panel value="obs" pt="sm">
              <Textarea
                label={cchTexts.observations}
                withAsterisk={status === 1}
                rows={6}
                {...form.textProps('cchObs', cchLimits.obs)}
                disabled={!panels.observationsEnabled || final}
              />
            </Tabs.Panel>
          </Tabs>
        </Grid.Col>
        {showUpload ? (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <ScanPanel
              uploaded={Boolean(v.cchScanKey) && v.cchScanKey !== record?.cchScanKey}
              onUploaded={(key) => form.setValue('cchScanKey', key)}
            />
            {scanMissing ? (
              <Text size="sm" c="dimmed" mt="xs">
                {cchMessages.scanRequired}
              </Text>
            ) : null}
          </Grid.Col>
        ) : null}
      </Grid>
      {!adding && stored === 1 && cchStatusPanels[1].addPages ? (
        <Group>
          <Switch label={cchTexts.addPages} checked={addPages} onChange={(event) => setAddPages(event.currentTarget.checked)} />
        </Group>
      ) : null}
    </FormModal>
  );
}
