/** The open balance's pt-BR texts; the spec has none for it (§8: a failure stops the loading, no message), so these are ours. */
export const openBalanceMessages = {
  invalidChannel: 'Canal de cobrança inválido',
  exportButton: 'Exportar XLSX',
  channelLabel: 'Canal de cobrança',
  records: 'Registros',
  total: 'Total',
  sheetName: 'Saldo em aberto',
} as const;
