/**
 * The monthly closing's arithmetic (spec 2 §2.7 item 3, decision 6; issue 24): which service rows a month charges,
 * pro rata, the administrative rate, the scheduled instalments of postings and the charges' due dates. Pure functions
 * of integer cents and ISO dates ('YYYY-MM-DD'), shared by the closing job, its preview and the demo generator, so the
 * three never disagree. Where the spec is silent, the choice made is written on each function and in
 * docs/CLOSING.md.
 */
import { addDaysIso, nextBusinessDay } from '../billing/charge.schema.js';
import { ASSOCIATION_PAYROLL, BOLETO, NO_BILLING } from '../members/bank-rules.js';

/** A closing period: the calendar month it bills. */
export interface ClosingMonth {
  readonly ano: number;
  /** 1..12. */
  readonly mes: number;
}

/** Service types by name (spec 2 §3 "Service to post"; the registry's `serviceTypeLabels`): 0 Fixo, 1 Digitação, 2 Remessa, 3 Serviço. */
export const serviceType = { fixo: 0, digitacao: 1, remessa: 2, servico: 3 } as const;

/**
 * Whether the closing charges a service type every month. Fixo and Serviço rows are monthly fees (health plans,
 * insurance, the association's fee); Digitação and Remessa are charged only by what is posted (Lançamentos: typed
 * rows, phone bills, the bar's file), so a row of theirs on the member only says the member uses the service.
 */
export const isMonthlyServiceType = (type: number) => type === serviceType.fixo || type === serviceType.servico;

const pad2 = (n: number) => String(n).padStart(2, '0');

export const daysInMonth = ({ ano, mes }: ClosingMonth) => new Date(Date.UTC(ano, mes, 0)).getUTCDate();
export const firstDayOf = (m: ClosingMonth) => `${m.ano}-${pad2(m.mes)}-01`;
export const lastDayOf = (m: ClosingMonth) => `${m.ano}-${pad2(m.mes)}-${pad2(daysInMonth(m))}`;
/** The month `k` months after `m` (k may be negative). */
export function addMonths(m: ClosingMonth, k: number): ClosingMonth {
  const index = m.ano * 12 + (m.mes - 1) + k;
  return { ano: Math.floor(index / 12), mes: (index % 12) + 1 };
}
/** 'MM/YYYY', the month as the statements print it. */
export const monthLabel = (m: ClosingMonth) => `${pad2(m.mes)}/${m.ano}`;

const dayNumber = (iso: string) => {
  const [y, mo, d] = iso.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, mo - 1, d) / 86_400_000;
};

/**
 * The days of month `m` a row is in force, from cslInicio to cslFim inclusive (null: open-ended). 0 when the row ends
 * before the month or starts after it: such a row is not charged.
 */
export function daysInForce(m: ClosingMonth, inicio: string | null, fim: string | null): number {
  const first = firstDayOf(m);
  const last = lastDayOf(m);
  const from = inicio !== null && inicio > first ? inicio : first;
  const to = fim !== null && fim < last ? fim : last;
  return to < from ? 0 : dayNumber(to) - dayNumber(from) + 1;
}

/** value × days ÷ daysInMonth in cents, rounded half up (the month's share of a monthly fee). */
export function proRata(cents: number, days: number, monthDays: number): number {
  if (days >= monthDays) return cents;
  if (days <= 0) return 0;
  return Math.floor((cents * days * 2 + monthDays) / (2 * monthDays));
}

/**
 * The administrative rate of an amount: `ratePercent` (the registry's svcTaxaAdm / svcTaxaAdmNs, percent with two
 * decimals, e.g. 5.5) of `cents`, rounded half up to the cent. The rate is read as basis points first, so 5.5 % is
 * exactly 550 and no binary fraction creeps into the cents.
 */
export function adminRate(cents: number, ratePercent: number): number {
  const basisPoints = Math.round(ratePercent * 100);
  if (basisPoints <= 0 || cents <= 0) return 0;
  return Math.floor((cents * basisPoints * 2 + 10_000) / 20_000);
}

/** The registry's fields of a service that the closing reads. */
export interface ClosingService {
  readonly svcId: number;
  readonly svcName: string;
  /** Cents. */
  readonly svcValor: number;
  readonly svcTaxaAdm: number;
  readonly svcTaxaAdmNs: number;
  readonly svcProRata: boolean;
  readonly svcLancaNoFim: boolean;
  readonly svcServiceType: number;
}

/** A member's service row (customer_services) as the closing reads it. */
export interface ClosingServiceRow {
  readonly cslId: number;
  /** The person who uses it: the holder or one of the dependents. */
  readonly cstId: number;
  /** Cents; 0 means "the service's value". */
  readonly valor: number;
  readonly cslInicio: string | null;
  readonly cslFim: string | null;
}

/** One line the closing writes into a holder's statement. */
export interface ClosingLine {
  readonly kind: 'servico' | 'taxa' | 'parcela';
  /** Whose usage it is (resp). */
  readonly cstId: number;
  readonly svcId: number;
  readonly cslId: number | null;
  readonly descricao: string;
  /** Cents, > 0. */
  readonly valor: number;
  /** Written after the other lines (svcLancaNoFim). */
  readonly atEnd: boolean;
}

/** Statement texts of the closing's lines. */
export const closingTexts = {
  adminRate: (svcName: string) => `Taxa administrativa — ${svcName}`,
  proRata: (days: number, monthDays: number) => ` (${days}/${monthDays} dias)`,
  instalment: (k: number, n: number) => `Parcela ${k}/${n}`,
} as const;

/**
 * What a service row costs in month `m`: nothing when the service is not a monthly one or the row is not in force
 * that month; else the row's value (the service's when the row has none), pro rata by days when the service says so
 * and the row starts or ends inside the month, and the administrative rate as a line of its own beside it (svcTaxaAdm,
 * svcTaxaAdmNs when the holder is not a sócio) — its own line so the member sees it and the accounts
 * (svcContaDebito / svcContaCredito) can tell the association's fee from the supplier's price.
 */
export function serviceRowLines(m: ClosingMonth, service: ClosingService, row: ClosingServiceRow, holderIsSocio: boolean): ClosingLine[] {
  if (!isMonthlyServiceType(service.svcServiceType)) return [];
  const days = daysInForce(m, row.cslInicio, row.cslFim);
  if (days === 0) return [];
  const monthDays = daysInMonth(m);
  const full = row.valor > 0 ? row.valor : service.svcValor;
  const partial = service.svcProRata && days < monthDays;
  const valor = partial ? proRata(full, days, monthDays) : full;
  if (valor <= 0) return [];
  const base = { cstId: row.cstId, svcId: service.svcId, cslId: row.cslId, atEnd: service.svcLancaNoFim };
  const label = `${service.svcName} ${monthLabel(m)}${partial ? closingTexts.proRata(days, monthDays) : ''}`;
  const lines: ClosingLine[] = [{ ...base, kind: 'servico', descricao: label, valor }];
  const rate = adminRate(valor, holderIsSocio ? service.svcTaxaAdm : service.svcTaxaAdmNs);
  if (rate > 0) lines.push({ ...base, kind: 'taxa', descricao: closingTexts.adminRate(service.svcName), valor: rate });
  return lines;
}

/** Lines in the order the closing writes them: the others first, then those of services that post at the end. */
export const inWritingOrder = <T extends Pick<ClosingLine, 'atEnd'>>(lines: readonly T[]): T[] => [
  ...lines.filter((l) => !l.atEnd),
  ...lines.filter((l) => l.atEnd),
];

/**
 * The periods of a posting's instalments: instalment k (1-based) of a posting made while `open` is the open period
 * falls in the (k − 1)-th month after it — the first at once, each later one written by the closing of its month.
 */
export const instalmentMonths = (open: ClosingMonth, n: number): ClosingMonth[] => Array.from({ length: n }, (_, i) => addMonths(open, i));

/**
 * The idempotency key of a closing line: the period, the member-service row and the kind, so a resumed closing never
 * writes one twice. A posting's instalment has one key wherever it is written (the posting job writes the first, the
 * closings the others): 'parcela:<pinId>'.
 */
export function closingLineKey(fecId: number, line: Pick<ClosingLine, 'kind' | 'cslId'> & { pinId?: number | null }): string {
  return line.kind === 'parcela' ? instalmentKey(line.pinId!) : `fech:${fecId}:${line.kind}:${line.cslId}`;
}

/** The ledger key of a posting's instalment (posting_instalments.pin_id). */
export const instalmentKey = (pinId: number) => `parcela:${pinId}`;

/**
 * Due date of the charge of a closing of month `m`: the holder's billing day (custCobrancaDia, 1–31, default 4) of
 * the next month — its last day when the month is shorter (31 → 28/29 in February) — moved to the next business day
 * past weekends and the Feriados registry's `holidays`, since a bank debits and a boleto falls due on a working day.
 * Bank 10 (payroll deduction) has no billing day (spec 1): its charges fall due on the next month's last day, when the
 * payroll is paid, not moved (no bank is involved).
 */
export function closingDueDate(m: ClosingMonth, billingDay: number | null, bnkId: number, holidays: ReadonlySet<string> = new Set()): string {
  const next = addMonths(m, 1);
  if (bnkId === ASSOCIATION_PAYROLL) return lastDayOf(next);
  const day = Math.min(Math.max(billingDay ?? 4, 1), daysInMonth(next));
  return nextBusinessDay(`${next.ano}-${pad2(next.mes)}-${pad2(day)}`, holidays);
}

/** The holidays a closing's due dates can meet: from the next month's first day to 40 days after its last (a run of holidays past the month end). */
export const dueDateHolidayRange = (m: ClosingMonth) => {
  const next = addMonths(m, 1);
  return { from: firstDayOf(next), to: addDaysIso(lastDayOf(next), 40) };
};

/**
 * Where the charge of a holder goes: the holder's debit place as it is at the closing; a holder without one gets a
 * boleto (bank 11); "Sem cobrança bancária" (bank 20) pays by hand at the office and gets no charge (null).
 */
export function chargePlace(bnkId: number | null): number | null {
  if (bnkId === NO_BILLING) return null;
  return bnkId ?? BOLETO;
}
