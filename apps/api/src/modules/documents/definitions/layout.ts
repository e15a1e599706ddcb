import type { Schema } from '@pdfme/common';
import type { RenderContext } from '../document.types.js';
import { FONT_BOLD, FONT_REGULAR } from '../documents.renderer.js';

/** Shared pieces of the shipped templates (millimetres, A4 portrait). Staff edit the result in the designer. */
export const A4 = { width: 210, height: 297, padding: [20, 15, 20, 15] as [number, number, number, number] };
export const MARGIN_X = 20;
export const CONTENT_WIDTH = A4.width - 2 * MARGIN_X;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface TextStyle {
  fontSize?: number;
  bold?: boolean;
  alignment?: 'left' | 'center' | 'right' | 'justify';
  verticalAlignment?: 'top' | 'middle' | 'bottom';
  lineHeight?: number;
  fontColor?: string;
}

function textProps({
  fontSize = 11,
  bold = false,
  alignment = 'left',
  verticalAlignment = 'top',
  lineHeight = 1.2,
  fontColor = '#000000',
}: TextStyle = {}) {
  return {
    fontName: bold ? FONT_BOLD : FONT_REGULAR,
    fontSize,
    alignment,
    verticalAlignment,
    lineHeight,
    characterSpacing: 0,
    fontColor,
    backgroundColor: '',
  };
}

const at = ({ x, y, width, height }: Box) => ({ position: { x, y }, width, height });

/** A text filled from the data (its input has the field's name). */
export const field = (name: string, box: Box, style?: TextStyle): Schema => ({ name, type: 'text', content: '', ...at(box), ...textProps(style) });

/** A fixed text of the template (read-only; staff change it in the designer). Avoid braces: pdfme reads them as expressions. */
export const fixed = (name: string, content: string, box: Box, style?: TextStyle): Schema => ({
  name,
  type: 'text',
  content,
  readOnly: true,
  ...at(box),
  ...textProps(style),
});

/** A paragraph of the template with {variables} filled from the data (its input is the JSON of the variables). */
export const paragraph = (name: string, text: string, variables: string[], box: Box, style?: TextStyle): Schema => ({
  name,
  type: 'multiVariableText',
  text,
  variables,
  content: JSON.stringify(Object.fromEntries(variables.map((v) => [v, v]))),
  ...at(box),
  ...textProps(style),
});

export const hline = (name: string, x: number, y: number, width: number): Schema => ({
  name,
  type: 'line',
  readOnly: true,
  position: { x, y },
  width,
  height: 0.2,
  color: '#000000',
});

const cell = (fontSize: number, bold: boolean) => ({
  fontName: bold ? FONT_BOLD : FONT_REGULAR,
  alignment: 'left',
  verticalAlignment: 'middle',
  fontSize,
  lineHeight: 1,
  characterSpacing: 0,
  fontColor: '#000000',
  borderColor: '#888888',
  borderWidth: { top: 0.1, right: 0.1, bottom: 0.1, left: 0.1 },
  padding: { top: 1.5, right: 1.5, bottom: 1.5, left: 1.5 },
});

/**
 * A table filled from the data (its input is the JSON of the rows, string[][]); it grows downwards and breaks
 * across pages with its header repeated.
 */
export const tableField = (
  name: string,
  box: Box,
  head: string[],
  widths: number[],
  { fontSize = 9, right = [] as number[] }: { fontSize?: number; right?: number[] } = {},
): Schema => ({
  name,
  type: 'table',
  ...at(box),
  content: JSON.stringify([head.map(() => '')]),
  showHead: true,
  repeatHead: true,
  head,
  headWidthPercentages: widths,
  tableStyles: { borderColor: '#888888', borderWidth: 0.2 },
  headStyles: { ...cell(fontSize, true), backgroundColor: '#e8e8e8' },
  bodyStyles: { ...cell(fontSize, false), backgroundColor: '', alternateBackgroundColor: '#f7f7f7' },
  columnStyles: { alignment: Object.fromEntries(right.map((i) => [i, 'right'])) },
});

/** The letterhead of A4 documents: the association's logo (when configured) and name, and a rule. */
export const letterhead = (): Schema[] => [
  { name: 'logo', type: 'image', content: '', position: { x: MARGIN_X, y: 12 }, width: 22, height: 22 },
  field(
    'associacao',
    { x: MARGIN_X + 25, y: 16, width: CONTENT_WIDTH - 50, height: 14 },
    { fontSize: 14, bold: true, alignment: 'center', verticalAlignment: 'middle' },
  ),
  hline('cabecalho_linha', MARGIN_X, 37, CONTENT_WIDTH),
];

/** The letterhead's inputs. */
export const letterheadInputs = (context: RenderContext) => ({ logo: context.association.logo ?? '', associacao: context.association.name });

/** The place-and-date line and the signature line with the association's name under it. */
export const signatureBlock = (y: number): Schema[] => [
  field('local_data', { x: MARGIN_X, y, width: CONTENT_WIDTH, height: 7 }, { alignment: 'right' }),
  hline('assinatura_linha', 55, y + 35, 100),
  field('assinatura', { x: 45, y: y + 37, width: 120, height: 12 }, { fontSize: 10, alignment: 'center' }),
];
