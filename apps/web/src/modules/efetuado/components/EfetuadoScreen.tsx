import { useMemo, useState } from 'react';
import { Alert, Group, Paper, Select, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { efetuadoCommands, efetuadoContracts, efetuadoMessages as m, efetuadoUserData, formatDate, rangeStartsAfterEnd } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';
import { DateInput } from '../../ui/inputs/DateInput';
import { JobStartButton } from './JobStartButton';

/** A start/end pair of dates (DD/MM/YYYY) and its report button; the start must not be after the end (spec 2 §5). */
function RangeReport({ title, command }: { title: string; command: string }) {
  const [start, setStart] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);
  const reversed = start !== null && end !== null && rangeStartsAfterEnd(start, end);
  const userData = start !== null && end !== null && !reversed ? efetuadoUserData.range(start, end) : null;
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Group align="flex-start">
          <DateInput label={m.startLabel} value={start} onChange={setStart} error={reversed ? m.startAfterEnd : undefined} />
          <DateInput label={m.endLabel} value={end} onChange={setEnd} />
        </Group>
        <Group>
          <JobStartButton command={command} userData={userData} />
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /financeiro/efetuado (spec 2 §2.7 item 5): the reports of what the closings wrote, each a background job whose
 * attachment is the report (the notification area shows it): a closed period with EFETUADO, EFETUADO SAÚDE and
 * EFETUADO SAÚDE EXCEL; a service in that period with EFETUADO SERVIÇO; the TJSP range; the detailed health range.
 */
export function EfetuadoScreen() {
  const periods = useQuery({
    queryKey: queryKeyOf(efetuadoContracts.periods),
    queryFn: ({ signal }) => callApi(efetuadoContracts.periods, {}, { signal }),
  });
  const services = useQuery({
    queryKey: queryKeyOf(efetuadoContracts.services),
    queryFn: ({ signal }) => callApi(efetuadoContracts.services, {}, { signal }),
  });
  const [picked, setPicked] = useState<string | null>(null);
  const [svcId, setSvcId] = useState<string | null>(null);
  // The newest closed period until the operator picks another.
  const fecId = picked ?? (periods.data?.[0] ? String(periods.data[0].fecId) : null);
  const periodOptions = useMemo(
    () => (periods.data ?? []).map((p) => ({ value: String(p.fecId), label: `${p.periodo} — fechado em ${formatDate(p.fechadoEm)}` })),
    [periods.data],
  );
  const serviceOptions = useMemo(
    () => (services.data ?? []).map((s) => ({ value: String(s.svcId), label: `${s.svcName} (${s.sucName})` })),
    [services.data],
  );
  const periodData = fecId ? efetuadoUserData.period(Number(fecId)) : null;
  const serviceData = fecId && svcId ? efetuadoUserData.service(Number(svcId), Number(fecId)) : null;

  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="section" aria-label="Fechamento">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Fechamento
          </Title>
          {periods.isSuccess && periods.data.length === 0 && <Alert color="gray">{m.noPeriods}</Alert>}
          <Select
            label={m.periodLabel}
            data={periodOptions}
            value={fecId}
            onChange={setPicked}
            allowDeselect={false}
            maw={420}
            placeholder={periods.isLoading ? 'Carregando…' : undefined}
          />
          <Group>
            <JobStartButton command={efetuadoCommands.efetuado} userData={periodData} />
            <JobStartButton command={efetuadoCommands.saude} userData={periodData} />
            <JobStartButton command={efetuadoCommands.saudeExcel} userData={periodData} />
          </Group>
          <Select
            label={m.serviceLabel}
            data={serviceOptions}
            value={svcId}
            onChange={setSvcId}
            searchable
            clearable
            nothingFoundMessage="Nenhum serviço encontrado"
            placeholder="Selecione..."
            maw={420}
          />
          <Group>
            <JobStartButton command={efetuadoCommands.servico} userData={serviceData} />
          </Group>
        </Stack>
      </Paper>
      <RangeReport title={m.tjspTitle} command={efetuadoCommands.tjsp} />
      <RangeReport title={m.saudeDetalhadoTitle} command={efetuadoCommands.saudeDetalhado} />
    </Stack>
  );
}
