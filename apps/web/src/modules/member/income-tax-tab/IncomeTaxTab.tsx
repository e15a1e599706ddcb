import { useState } from 'react';
import { Alert, Box, Button, Group, Select } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { incomeTaxMessages } from '@assoc/domain';
import { useHasRole } from '../../ui/components/RoleGate';
import type { MemberTabProps } from '../member-tab.types';
import { useIncomeTax } from './useIncomeTax';
import { BusyIndicator } from '../../ui/components/BusyIndicator';

/**
 * I.R. [6] (spec 1 §2 income-tax viewer, §6 v2iremail, §7 user/irpdf and user/emailir; decision 7): the base-year
 * selector (irDatas, newest first), the informe-rendimentos PDF of that year embedded, and 'E-Mail' (with v2iremail;
 * disabled for situation 5 or without custIRPorEmail).
 */
export default function IncomeTaxTab({ form, cstId }: MemberTabProps) {
  const years = (form.values.irDatas ?? []) as { value: number; label: string }[];
  const [ano, setAno] = useState<number | null>(years[0]?.value ?? null);
  const tax = useIncomeTax(cstId, ano);
  const canEmail = useHasRole('v2iremail');
  const deceased = form.values.custAssocSituacao === 5;
  const byEmail = form.values.custIRPorEmail === true;
  const refusal = deceased ? incomeTaxMessages.emailDeceased : !byEmail ? incomeTaxMessages.emailNotAllowed : undefined;

  return (
    <Box>
      <Group align="end" mb="sm">
        <Select
          label="Ano-base"
          data={years.map((y) => ({ value: String(y.value), label: y.label }))}
          value={ano === null ? null : String(ano)}
          onChange={(v) => setAno(v === null ? null : Number(v))}
          allowDeselect={false}
          w={160}
        />
        {canEmail && (
          <Button
            variant="default"
            leftSection={<IconMail size={16} aria-hidden />}
            disabled={ano === null || refusal !== undefined || tax.email.isPending}
            title={refusal}
            onClick={() => tax.email.mutate()}
          >
            E-Mail
          </Button>
        )}
      </Group>
      {tax.pdf.isFetching && <BusyIndicator label="Carregando o informe de rendimentos" />}
      {tax.pdf.isError && !tax.pdf.isFetching && (
        <Alert color="yellow" role="status">
          {tax.pdf.error.message}
        </Alert>
      )}
      {tax.url && !tax.pdf.isFetching && (
        <iframe src={tax.url} title={`Informe de rendimentos ${ano ?? ''}`} style={{ width: '100%', height: '70vh', minHeight: 480, border: 0 }} />
      )}
    </Box>
  );
}
