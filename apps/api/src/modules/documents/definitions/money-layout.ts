import type { Schema } from '@pdfme/common';

/**
 * Building blocks of the money and benefit documents' default templates (extrato, informe de rendimentos,
 * CCH letters, boleto): A4 in millimetres, DejaVu Sans (the fonts the document service ships, so accents
 * print), static labels as read-only fields (staff may move or reword them in the designer).
 */
export const FONT = 'DejaVuSans';
export const FONT_BOLD = 'DejaVuSans-Bold';
export const A4 = { width: 210, height: 297 } as const;
/** Top, right, bottom, left (mm): the space a table that breaks across pages leaves free on each page. */
export const PAGE_PADDING: [number, number, number, number] = [15, 12, 15, 12];

interface TextOptions {
  size?: number;
  bold?: boolean;
  align?: 'left' | 'center' | 'right' | 'justify';
  /** Fixed text: a read-only label. */
  label?: string;
  lineHeight?: number;
}

/** A text field at (x, y) of w × h mm; `label` makes it a fixed, read-only text. */
export function text(name: string, x: number, y: number, w: number, h: number, options: TextOptions = {}): Schema {
  const { size = 10, bold = false, align = 'left', label, lineHeight = 1.2 } = options;
  return {
    name,
    type: 'text',
    position: { x, y },
    width: w,
    height: h,
    fontName: bold ? FONT_BOLD : FONT,
    fontSize: size,
    alignment: align,
    verticalAlignment: 'top',
    lineHeight,
    characterSpacing: 0,
    fontColor: '#000000',
    ...(label === undefined ? {} : { readOnly: true, content: label }),
  };
}

/** A horizontal rule (or a vertical one with w small and h large). */
export function line(name: string, x: number, y: number, w: number, h = 0.3): Schema {
  return { name, type: 'line', position: { x, y }, width: w, height: h, color: '#000000', readOnly: true };
}

/** A rectangle outline. */
export function box(name: string, x: number, y: number, w: number, h: number, borderWidth = 0.3): Schema {
  return { name, type: 'rectangle', position: { x, y }, width: w, height: h, borderWidth, borderColor: '#000000', color: '', readOnly: true };
}

const cellBorder = { top: 0.1, right: 0.1, bottom: 0.1, left: 0.1 };
const cellPadding = { top: 1, right: 1.2, bottom: 1, left: 1.2 };

/**
 * A table whose rows come from the data (input: JSON of string[][]); with `repeatHead` it breaks across
 * pages repeating its header row (pdfme splits it on a blank base page).
 */
export function table(
  name: string,
  x: number,
  y: number,
  w: number,
  head: string[],
  widths: number[],
  options: { rightAligned?: number[]; size?: number } = {},
): Schema {
  const { rightAligned = [], size = 8 } = options;
  const cell = {
    fontName: FONT,
    alignment: 'left',
    verticalAlignment: 'middle',
    fontSize: size,
    lineHeight: 1,
    characterSpacing: 0,
    fontColor: '#000000',
    borderColor: '#888888',
    borderWidth: cellBorder,
    padding: cellPadding,
  };
  return {
    name,
    type: 'table',
    position: { x, y },
    width: w,
    height: 10,
    showHead: true,
    repeatHead: true,
    head,
    headWidthPercentages: widths,
    tableStyles: { borderColor: '#000000', borderWidth: 0.3 },
    headStyles: { ...cell, fontName: FONT_BOLD, backgroundColor: '#e6e6e6' },
    bodyStyles: { ...cell, backgroundColor: '', alternateBackgroundColor: '#f5f5f5' },
    columnStyles: { alignment: Object.fromEntries(rightAligned.map((i) => [i, 'right'])) },
  };
}

/** 'YYYY-MM' or a Date -> 'MM/YYYY'. */
export function formatMonthYear(period: string): string {
  const [year, month] = period.split('-');
  return `${month}/${year}`;
}

const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

/** 'São Paulo, 23 de novembro de 2026' (a letter's place and date; the day in São Paulo time). */
export function placeAndDate(place: string, when: Date): string {
  const [y, m, d] = when
    .toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' })
    .split('-')
    .map((part) => Number(part));
  return `${place}, ${d} de ${MONTHS[(m ?? 1) - 1]} de ${y}`;
}
