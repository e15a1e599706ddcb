import { Button, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { formatCents, formatDate, formatDateTime, type ChargeItem } from '@assoc/domain';
import { chargeResult } from './chargeRows';

/**
 * "Cobrança - Detalhes" (spec 1 §2, §3 "Charge"): the charge's fields, read only (a charge issued is never edited:
 * the bank's return settles it).
 */
export function ChargeDetailsModal({ charge, onClose }: { charge: ChargeItem; onClose: () => void }) {
  const field = (label: string, value: string | number | null | undefined) => (
    <TextInput label={label} value={value === null || value === undefined ? '' : String(value)} readOnly variant="filled" />
  );
  const parcel = charge.cobParcelas && charge.cobParcelas > 1 ? `${charge.cobParcela} de ${charge.cobParcelas}` : '1 de 1';
  return (
    <Modal opened onClose={onClose} title="Cobrança - Detalhes" size="lg">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {field('Vencimento', formatDate(charge.cobVencimento))}
          {field('Valor', formatCents(charge.cobValor))}
          {field('Parcela', charge.operation === 'insert' ? `${charge.lancamentos ?? 1} lançamento(s)` : parcel)}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {field('Local', charge.bnkName)}
          {field('Agência', [charge.cobAgencia, charge.cobAgenciaDv].filter(Boolean).join('-'))}
          {field('Conta', [charge.cobConta, charge.cobContaDv].filter(Boolean).join('-'))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {field('Retorno', formatDate(charge.cobRetorno ?? null))}
          {field('Código de retorno', charge.cdrCodRet)}
          {field('Resultado', chargeResult(charge))}
        </SimpleGrid>
        {charge.cobNossoNumero ? (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>{field('Nosso número', charge.cobNossoNumero)}</SimpleGrid>
            {/* The whole line (54 characters): its own row, wrapping on a narrow screen, never cut (issue 22 #19). */}
            <Textarea label="Linha digitável" value={charge.cobLinhaDigitavel ?? ''} readOnly variant="filled" autosize minRows={1} />
          </>
        ) : null}
        {charge.cobCreated ? (
          <Text size="sm" c="dimmed">
            Criada em {formatDateTime(charge.cobCreated)}
            {charge.cobCreatedBy ? ` por ${charge.cobCreatedBy}` : ''}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Fechar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
