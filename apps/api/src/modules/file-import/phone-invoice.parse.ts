import { fileImportMessages as m, parseDateBr, toCents } from '@assoc/domain';
import type { FileLine } from '../files/files.table.js';

/** One call record of the phone operator's invoice, as the mobile statement keeps it (mobile_calls). */
export interface PhoneCall {
  /** The file's line (1-based). */
  line: number;
  /** The phone line billed, 10 or 11 digits. */
  phone: string;
  /** ISO date and time (São Paulo). */
  date: string;
  time: string;
  destination: string;
  kind: string;
  quantity: number;
  /** Cents. */
  value: number;
}

/** A refused line: its number and why (the whole file is refused with them; nothing is written). */
export interface PhoneInvoiceProblem {
  line: number;
  message: string;
}

const digits = (v: string) => v.replace(/\D/g, '');

/**
 * The phone operator's invoice (Importar arquivo, 'fatura-celular'; docs/BANK-FILES.md "Importar arquivo"): one call
 * per line, columns linha; data; hora; destino; tipo; quantidade; valor — the line 10 or 11 digits (punctuation
 * allowed), the date DD/MM/AAAA (or ISO from a spreadsheet's date cell), the time HH:MM[:SS], the quantity a whole
 * number (minutes, messages, megabytes), the value in reais (1.234,56 or 12.34). A first line without a digit in its
 * first cell is the header. Answers the calls, or every malformed line (at most 20).
 */
export function readPhoneInvoice(lines: readonly FileLine[]): { calls: PhoneCall[]; problems: PhoneInvoiceProblem[] } {
  const body = lines.length && !/\d/.test(lines[0]!.cells[0] ?? '') ? lines.slice(1) : lines;
  const calls: PhoneCall[] = [];
  const problems: PhoneInvoiceProblem[] = [];
  for (const { line, cells } of body) {
    if (problems.length >= 20) break;
    const fail = (reason: string) => problems.push({ line, message: m.line(line, reason) });
    if (cells.length < 7) {
      fail(m.columns);
      continue;
    }
    const [phoneCell, dateCell, timeCell, destination, kind, quantityCell, valueCell] = cells.map((c) => c.trim()) as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const phone = digits(phoneCell);
    if (phone.length < 10 || phone.length > 11 || /[a-z]/i.test(phoneCell)) {
      fail(m.phone);
      continue;
    }
    const date = /^\d{4}-\d{2}-\d{2}$/.test(dateCell) ? dateCell : parseDateBr(dateCell);
    if (!date) {
      fail(m.date);
      continue;
    }
    const time = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.exec(timeCell);
    if (!time) {
      fail(m.time);
      continue;
    }
    if (!destination || !kind || destination.length > 40 || kind.length > 30) {
      fail(m.destination);
      continue;
    }
    if (!/^\d{1,7}$/.test(quantityCell)) {
      fail(m.quantity);
      continue;
    }
    const value = toCents(valueCell);
    if (value === null || value < 0 || value > 10_000_000) {
      fail(m.value);
      continue;
    }
    calls.push({
      line,
      phone,
      date,
      time: time[2] ? timeCell : `${timeCell}:00`,
      destination,
      kind,
      quantity: Number(quantityCell),
      value,
    });
  }
  return { calls, problems };
}
