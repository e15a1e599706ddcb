import { formatDate } from '../format.js';

/** pt-BR texts of the document service (issue 11). */
export const documentMessages = {
  /** A report name no shipped document has (404). */
  notFound: 'Relatório não encontrado',
} as const;

const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

/** '23 de novembro de 2026' (the place-and-date line of letters and declarations); '' when not a date. */
export function formatDateLong(value: string | Date | null | undefined): string {
  const [day, month, year] = formatDate(value).split('/');
  if (!day || !month || !year) return '';
  return `${Number(day)} de ${MONTHS[Number(month) - 1]} de ${year}`;
}
