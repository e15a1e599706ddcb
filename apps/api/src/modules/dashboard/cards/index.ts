import type { DashboardCardKey } from '@assoc/domain';
import { cchCard } from './cch.card.js';
import { closingCard } from './closing.card.js';
import type { CardQuery } from './common.js';
import { followUpCard } from './follow-up.card.js';
import { membersCard } from './members.card.js';
import { openBalanceCard } from './open-balance.card.js';
import { processCard } from './process.card.js';
import { refundsCard } from './refunds.card.js';
import { remittanceCard } from './remittance.card.js';

/** Each card of the catalogue (packages/domain dashboard/cards.ts) and its query. */
export const cardQueries: Readonly<Record<DashboardCardKey, CardQuery>> = {
  socios: membersCard,
  'saldo-aberto': openBalanceCard,
  fechamento: closingCard,
  retorno: remittanceCard,
  cch: cchCard,
  devolucoes: refundsCard,
  acompanhamentos: followUpCard,
  processos: processCard,
};
