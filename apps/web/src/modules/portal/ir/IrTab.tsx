import { useState } from 'react';
import { Alert, Group, Select, Stack, Text } from '@mantine/core';
import { incomeTaxContracts, incomeTaxMessages } from '@assoc/domain';
import { apiUrl, callApi } from '../../../app/client';
import { BusyIndicator } from '../../ui/components/BusyIndicator';
import { PdfButtons } from '../shared/PdfButtons';
import { useEmailCall, usePortalFinance, usePortalMemberId } from '../shared/portalFinance';
import classes from '../shared/portal.module.css';

/**
 * I.R. (spec 3 §2.15 "print and e-mail allowed", issue 28 item 3): the member's base years (newest first), the
 * informe de rendimentos opened in the browser's viewer or saved, and its e-mail (as in the staff record: refused for
 * situation 5 or without 'I.R. por e-mail').
 */
export default function IrTab() {
  const cstId = usePortalMemberId();
  const finance = usePortalFinance();
  const years = finance.data?.irDatas ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const ano = chosen ?? years[0]?.value ?? null;
  const email = useEmailCall(
    () => callApi(incomeTaxContracts.email, { params: { cstId, ano: ano ?? 0 } }),
    incomeTaxMessages.sent,
    incomeTaxMessages.failed,
  );

  if (finance.isError)
    return (
      <Alert color="red" role="alert">
        {finance.error.message}
      </Alert>
    );
  if (!finance.data) return <BusyIndicator label="Carregando os informes de rendimentos" />;
  if (years.length === 0) return <Text>Nenhum informe de rendimentos disponível.</Text>;

  const refusal =
    finance.data.custAssocSituacao === 5
      ? incomeTaxMessages.emailDeceased
      : !finance.data.custIRPorEmail
        ? incomeTaxMessages.emailNotAllowed
        : undefined;
  return (
    <Stack gap="md">
      <Group align="end" wrap="wrap">
        <Select
          label="Ano-base"
          data={years.map((y) => ({ value: String(y.value), label: y.label }))}
          value={ano === null ? null : String(ano)}
          onChange={(v) => v !== null && setChosen(Number(v))}
          allowDeselect={false}
          classNames={{ input: classes.touch }}
          w={160}
        />
        <PdfButtons
          href={ano === null ? null : apiUrl(incomeTaxContracts.pdf, { params: { cstId, period: ano } })}
          fileName={`informe-rendimentos-${ano ?? ''}.pdf`}
          what={`informe de rendimentos ${ano ?? ''}`}
          onEmail={() => email.mutate()}
          emailing={email.isPending}
          emailRefusal={refusal}
        />
      </Group>
      {refusal && (
        <Text size="sm" c="dimmed">
          {refusal}
        </Text>
      )}
    </Stack>
  );
}
