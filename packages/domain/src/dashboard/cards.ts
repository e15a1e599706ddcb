/**
 * The dashboard's cards (issue 30 item 2; docs/DASHBOARD.md): which cards exist, who sees each one (the menu role of
 * the screen it links to) and whether it has a time axis. A card is shown to a user who holds one of its roles AND can
 * open its screen (so its link always works).
 */
import { z } from 'zod';
import type { Role } from '../access/roles.js';
import { canOpenRoute } from '../access/routes.js';
import { dashboardMessages } from './weather.schema.js';

export const dashboardCardKeys = ['socios', 'saldo-aberto', 'fechamento', 'retorno', 'cch', 'devolucoes', 'acompanhamentos', 'processos'] as const;
export type DashboardCardKey = (typeof dashboardCardKeys)[number];
export const isDashboardCardKey = (value: unknown): value is DashboardCardKey =>
  typeof value === 'string' && (dashboardCardKeys as readonly string[]).includes(value);

export interface DashboardCardInfo {
  readonly key: DashboardCardKey;
  /** The card's pt-BR title. */
  readonly title: string;
  /** Any one of these roles shows the card (besides opening `href`). */
  readonly roles: readonly Role[];
  /** The screen the card links to. */
  readonly href: string;
  /** Whether the card has a time axis (then `?period` months apply). */
  readonly timeAxis: boolean;
}

/** The catalogue, in the order the dashboard shows the cards. */
export const dashboardCards: readonly DashboardCardInfo[] = [
  { key: 'socios', title: 'Sócios por situação e status', roles: ['v2menufiltro'], href: '/filter', timeAxis: true },
  { key: 'saldo-aberto', title: 'Saldo em aberto por canal e idade', roles: ['v2menufinanceiro'], href: '/saldoaberto', timeAxis: false },
  { key: 'fechamento', title: 'Último fechamento por grupo', roles: ['v2menufinanceiro'], href: '/financeiro/fechar', timeAxis: true },
  { key: 'retorno', title: 'Retorno da última remessa', roles: ['v2menufinanceiro'], href: '/financeiro/remessa', timeAxis: false },
  { key: 'cch', title: 'Solicitações de CCH', roles: ['v2menucch'], href: '/cch', timeAxis: true },
  { key: 'devolucoes', title: 'Devoluções aguardando aprovação', roles: ['v2devapr'], href: '/devolucao', timeAxis: false },
  { key: 'acompanhamentos', title: 'Acompanhamentos pendentes por assunto', roles: ['v2atd'], href: '/acompanhamento', timeAxis: false },
  { key: 'processos', title: 'Processos com andamentos não lidos', roles: ['v2menuprocesso'], href: '/processo', timeAxis: false },
];

export const dashboardCardInfo = (key: DashboardCardKey): DashboardCardInfo => dashboardCards.find((c) => c.key === key)!;

/** Whether these roles see the card: one of its roles and its screen's. */
export const canSeeCard = (card: DashboardCardInfo, roles: readonly string[]): boolean =>
  card.roles.some((role) => roles.includes(role)) && canOpenRoute(card.href, roles);

/** The cards these roles see, in the catalogue's order. */
export const cardsFor = (roles: readonly string[]): DashboardCardInfo[] => dashboardCards.filter((card) => canSeeCard(card, roles));

/** Every role any card names (the roles that matter for the cache key). */
export const dashboardCardRoles: readonly Role[] = [...new Set(dashboardCards.flatMap((c) => [...c.roles]))];

/** The periods of a time-axis card, in months (the selector's options); 12 by default. */
export const dashboardPeriods = [3, 6, 12, 24] as const;
export type DashboardPeriod = (typeof dashboardPeriods)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = 12;
export const dashboardPeriodLabel = (months: number) => `Últimos ${months} meses`;

/** How a part of a card is drawn. */
export const dashboardChartKinds = ['bar', 'stacked', 'line', 'donut'] as const;
export const dashboardUnits = ['count', 'money'] as const;

/** One chart of a card: rows (the x axis or the donut's slices) × series; its numbers are also the text alternative. */
export const dashboardCardPartSchema = z.object({
  title: z.string(),
  chart: z.enum(dashboardChartKinds),
  unit: z.enum(dashboardUnits),
  /** The series' names (one column of the table each). */
  series: z.array(z.string()),
  /** One row per category (a month 'MM/YYYY', a channel, a status…), one number per series (money in cents). */
  rows: z.array(z.object({ label: z.string(), values: z.array(z.number()) })),
});
export type DashboardCardPart = z.infer<typeof dashboardCardPartSchema>;

/** GET dashboard/cards/{card}: the card's numbers. */
export const dashboardCardDataSchema = z.object({
  key: z.enum(dashboardCardKeys),
  title: z.string(),
  href: z.string(),
  /** Months of the time axis (time-axis cards), else null. */
  period: z.number().int().nullable(),
  /** The card's headline number (a count, or cents when `unit` is money), with its caption. */
  total: z.object({ value: z.number(), unit: z.enum(dashboardUnits), caption: z.string() }).nullable(),
  /** A line under the title (e.g. which closing or remittance). */
  subtitle: z.string().nullable(),
  parts: z.array(dashboardCardPartSchema),
  /** When the numbers were computed (ISO); a cached answer keeps its time. */
  computedAt: z.string(),
});
export type DashboardCardData = z.infer<typeof dashboardCardDataSchema>;

/** GET dashboard/cards: the caller's cards (the catalogue's fields; the numbers come card by card). */
export const dashboardCardListSchema = z.array(
  z.object({
    key: z.enum(dashboardCardKeys),
    title: z.string(),
    href: z.string(),
    timeAxis: z.boolean(),
  }),
);

export const dashboardCardParamsSchema = z.object({
  card: z.enum(dashboardCardKeys, { message: dashboardMessages.unknownCard }),
});

export const dashboardCardQuerySchema = z.object({
  period: z.coerce
    .number()
    .refine((n) => (dashboardPeriods as readonly number[]).includes(n), dashboardMessages.invalidPeriod)
    .optional(),
});
