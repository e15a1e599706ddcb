/**
 * The fixed lookup lists of the follow-up (atendimento) row (spec 2 §3), served by GET datacache (decision 21)
 * and read by the server's rules: status, type, department and the department's subjects.
 */

export interface FollowUpOption {
  value: number;
  label: string;
}

/** atdStatus, in the spec's order (3 Concluído, 1 Pendente, 2 Retornar); the screen starts on 1. */
export const followUpStatuses = [
  { value: 3, label: 'Concluído' },
  { value: 1, label: 'Pendente' },
  { value: 2, label: 'Retornar' },
] as const satisfies readonly FollowUpOption[];

/** atdTipo. */
export const followUpTypes = [
  { value: 1, label: 'Solicitação' },
  { value: 2, label: 'Reclamação' },
  { value: 3, label: 'Elogio' },
] as const satisfies readonly FollowUpOption[];

/** atdDepartamento. */
export const followUpDepartments = [{ value: 1, label: 'Atendimento' }] as const satisfies readonly FollowUpOption[];

/** atdAssunto: the subjects of each department (department 1: ids 5 to 17, in the spec's order). */
export const followUpSubjects = [
  'Plano de Saúde',
  'CCH / FEMERG',
  'Taxas Cobranças',
  'Pecúlio e Mutua',
  'SPPREV',
  'Turismo',
  'Telefonia Móvel',
  'Parcerias',
  'Cadastro',
  'JUSPREV',
  'Colônia de Férias',
  'Convênios Diversos',
  'Outros',
].map((label, index) => ({ value: index + 5, label, department: 1 }));

/** The status whose list /acompanhamento opens on (spec 2 §4 "Follow-up"). */
export const FOLLOW_UP_DEFAULT_STATUS = 1;

const labelOf = (list: readonly FollowUpOption[], value: number | null | undefined) => list.find((o) => o.value === value)?.label ?? '';

export const followUpStatusLabel = (value: number | null | undefined) => labelOf(followUpStatuses, value);
export const followUpTypeLabel = (value: number | null | undefined) => labelOf(followUpTypes, value);
export const followUpDepartmentLabel = (value: number | null | undefined) => labelOf(followUpDepartments, value);
export const followUpSubjectLabel = (value: number | null | undefined) => labelOf(followUpSubjects, value);

/** True when the subject belongs to the department. */
export const subjectInDepartment = (subject: number, department: number) =>
  followUpSubjects.some((s) => s.value === subject && s.department === department);

const pad = (n: number) => String(n).padStart(2, '0');

/** atdData as /acompanhamento shows it (spec 2 §2.9): in UTC, 'DD/MM/YYYY HH:mm:ss' ('' for no date). */
export function formatFollowUpDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}
