import { z } from 'zod';
import { isValidIsoDate } from '../format.js';
import { efetuadoMessages as m } from './efetuado.messages.js';

/**
 * The userData of the Efetuado job commands (`GET jobs/send/{jobCommand}/{userData}`): a path segment, so plain
 * digits, '-' and '_' only.
 * - a closed period: its fecId, e.g. `12`;
 * - a service in a closed period: `{svcId}-{fecId}`, e.g. `7-12`;
 * - a date range: `{start}_{end}` in ISO dates, e.g. `2026-10-01_2026-10-31`, start not after end.
 */
const ID = /^[1-9]\d{0,8}$/;

export const efetuadoPeriodPayload = z
  .string()
  .regex(ID, m.invalidPeriod)
  .transform((v) => ({ fecId: Number(v) }));
export type EfetuadoPeriodPayload = z.output<typeof efetuadoPeriodPayload>;

export const efetuadoServicePayload = z
  .string()
  .regex(/^[1-9]\d{0,8}-[1-9]\d{0,8}$/, m.invalidService)
  .transform((v) => {
    const [svcId, fecId] = v.split('-').map(Number) as [number, number];
    return { svcId, fecId };
  });
export type EfetuadoServicePayload = z.output<typeof efetuadoServicePayload>;

export const efetuadoRangePayload = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}$/, m.invalidRange)
  .transform((v) => {
    const [start, end] = v.split('_') as [string, string];
    return { start, end };
  })
  .refine((r) => isValidIsoDate(r.start) && isValidIsoDate(r.end), m.invalidRange)
  .refine((r) => !rangeStartsAfterEnd(r.start, r.end), m.startAfterEnd);
export type EfetuadoRangePayload = z.output<typeof efetuadoRangePayload>;

/** Spec 2 §5: a TJSP or made-health range whose start is after its end is refused (ISO dates compare as text). */
export function rangeStartsAfterEnd(start: string, end: string): boolean {
  return start > end;
}

/** The userData texts the screen sends (the inverse of the payload schemas above). */
export const efetuadoUserData = {
  period: (fecId: number) => String(fecId),
  service: (svcId: number, fecId: number) => `${svcId}-${fecId}`,
  range: (start: string, end: string) => `${start}_${end}`,
};

/** The job commands of the screen's buttons (packages/domain jobCommands). */
export const efetuadoCommands = {
  efetuado: 'efetuado',
  saude: 'efetuado-saude',
  saudeExcel: 'efetuado-saude-excel',
  servico: 'efetuado-servico',
  tjsp: 'efetuado-tjsp',
  saudeDetalhado: 'efetuado-saude-detalhado',
} as const;

/** A closed period for the closing-date picker. */
export const efetuadoPeriodSchema = z.object({
  fecId: z.number().int(),
  /** 'MM/YYYY'. */
  periodo: z.string(),
  /** When it was locked (ISO instant). */
  fechadoEm: z.string(),
});
export type EfetuadoPeriod = z.output<typeof efetuadoPeriodSchema>;

/** A service for the service picker: id, name, its product and supplier, the health flag, its type (the icon). */
export const efetuadoServiceSchema = z.object({
  svcId: z.number().int(),
  svcName: z.string(),
  sucName: z.string(),
  supName: z.string(),
  saude: z.boolean(),
  svcServiceType: z.number().int(),
});
export type EfetuadoService = z.output<typeof efetuadoServiceSchema>;
