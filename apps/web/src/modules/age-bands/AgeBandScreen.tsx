import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { ageBandContracts, ageBandMessages, formatCents, formatDate, formatNumeroInterno, type AgeBandRow } from '@assoc/domain';
import { callApi } from '../../app/client';
import { PagedTable } from '../ui/components/PagedTable';
import { useBlobDownload } from '../ui/hooks/useBlobDownload';
import { AGE_BAND_PAGE_SIZE, useAgeBands } from './useAgeBands';

/**
 * 'Mudança de faixa etária' (issue 30 item 1; the Atendimento menu's url link, opened in a popup): the people whose
 * age-range service changes price next month, with the current and the new value, and 'Exportar Excel'.
 */
export function AgeBandScreen() {
  const list = useAgeBands();
  const { download, downloading } = useBlobDownload();
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Text size="sm">{list.mes ? ageBandMessages.intro(list.mes) : ''}</Text>
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          loading={downloading}
          disabled={list.total === 0}
          onClick={() => void download(() => callApi(ageBandContracts.export, {}), ageBandMessages.exportFileName)}
        >
          {ageBandMessages.exportButton}
        </Button>
      </Group>
      <PagedTable<AgeBandRow>
        label={ageBandMessages.title}
        list={list}
        pageSize={AGE_BAND_PAGE_SIZE}
        idAccessor="cslId"
        noRecordsText={ageBandMessages.empty}
        columns={[
          { accessor: 'aniversario', title: 'Aniversário', width: 110 },
          { accessor: 'nome', title: 'Beneficiário' },
          { accessor: 'titular', title: 'Titular', render: (r) => `${r.titular} (${formatNumeroInterno(r.matricula)})` },
          { accessor: 'nascimento', title: 'Nascimento', width: 110, render: (r) => formatDate(r.nascimento) },
          { accessor: 'idade', title: 'Nova idade', width: 100, textAlign: 'right' },
          { accessor: 'servico', title: 'Serviço atual', render: (r) => `${r.produto} — ${r.servico}` },
          { accessor: 'valorAtual', title: 'Valor atual', width: 120, textAlign: 'right', render: (r) => formatCents(r.valorAtual) },
          { accessor: 'novoServico', title: 'Nova faixa', render: (r) => r.novoServico ?? ageBandMessages.noBand },
          {
            accessor: 'novoValor',
            title: 'Novo valor',
            width: 120,
            textAlign: 'right',
            render: (r) => (r.novoValor === null ? '—' : formatCents(r.novoValor)),
          },
        ]}
      />
    </Stack>
  );
}
