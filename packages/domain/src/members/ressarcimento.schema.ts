/**
 * A row of the member's `ressarcimentos` list (spec 2 §3 "Reimbursement" and "Procedure"): a health-expense
 * reimbursement with its procedures, carried by the member save (spec 1 §3; decision 0004).
 *
 * No module writes these rows yet (the reimbursements issue registers the list with its rules, spec 2 §5
 * "Reimbursement form"). Until then the save checks a row by its marker only, as it always did: the fields are typed
 * (the form's paths, the row's type) but a value the save does not use is never a reason to refuse the member's save —
 * a value of another type or length is left out of the parsed row (`carried`), so every body accepted before is
 * accepted now, and one refused before (a wrong marker, a row that is not an object) is refused with the same message.
 */
import { z } from 'zod';
import { childItem } from './child-rows.js';

/** A field the save carries but does not write yet: typed, optional, and dropped (not refused) when it does not fit. */
const carried = <S extends z.ZodType>(schema: S) => schema.optional().catch(undefined);

const text = (max: number) => carried(z.string().max(max).nullable());
const int = () => carried(z.number().int().nullable());
/** Integer cents. */
const cents = () => carried(z.number().int().nullable());

/**
 * A procedure of a reimbursement (spec 2 §3 "Procedure"): procProcedimentoId 1 Consulta, 2 Exame, 3 Tratamento,
 * 4 Cirurgia, 5 Internação, 6 Outros; procRetornoStatus 1 Pago, 2 Devolvido/Pendente, 3 Negado.
 */
export const procedimentoItemSchema = z.object({
  procId: int(),
  procProcedimentoId: int(),
  /** ISO date. */
  procProcedimentoData: text(10),
  procProcedimentoValor: cents(),
  procProtocolo: text(20),
  procCCH: carried(z.boolean().nullable()),
  procObservacao: text(200),
  /** The uploaded document's key and size. */
  procKey: carried(z.string().nullable()),
  keyLength: int(),
  /** Empty means Pendente. */
  procRetornoStatus: int(),
  procRetornoData: text(10),
  procRetornoValor: cents(),
  procRetornoMotivo: text(80),
  operation: carried(z.string().nullable()),
});
export type ProcedimentoItem = z.output<typeof procedimentoItemSchema>;

/** A reimbursement (spec 2 §3 "Reimbursement"): the holder, the patient (a dependent or the holder), protocol, receipt. */
export const ressarcimentoItemSchema = childItem({
  /** Absent or negative for a new row. */
  resId: int(),
  cstId: int(),
  resTitularNome: text(64),
  resPacienteCstId: int(),
  resPacienteNome: text(64),
  /** From the patient's card. */
  resMarcaOtica: text(8),
  /** Shown as N/I when empty. */
  resProtocoloAssoc: text(12),
  /** When it was received (set when a new one is submitted) and by whom. */
  resRecebidoData: carried(z.string().nullable()),
  resRecebidoPor: text(64),
  procedimentos: carried(z.array(procedimentoItemSchema)),
});
export type RessarcimentoItem = z.output<typeof ressarcimentoItemSchema>;
export type RessarcimentoItemInput = z.input<typeof ressarcimentoItemSchema>;
