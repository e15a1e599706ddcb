/** Test helper: a fixed (read-only) text schema of a pdfme template, as the shipped templates write them. */
export const fixedTextSchema = (name: string, content: string, y = 250, fontSize = 8) => ({
  name,
  type: 'text',
  content,
  readOnly: true,
  position: { x: 20, y },
  width: 170,
  height: 8,
  fontSize,
  fontName: 'DejaVuSans',
});
