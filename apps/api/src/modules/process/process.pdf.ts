/**
 * A small one-page PDF of plain text (Helvetica, WinAnsi): the demo and bench processes' PDFs, made without the
 * app (the seed runs before it). Lines longer than the page are wrapped; characters outside Latin-1 become '?'.
 */
export function textPdf(title: string, paragraphs: readonly string[]): Buffer {
  const wrap = (text: string, width: number) => {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/)) {
      if (line && line.length + word.length + 1 > width) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    if (line) lines.push(line);
    return lines;
  };
  const escape = (text: string) => text.replace(/[^\x20-\xff]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
  const body: string[] = ['BT', '/F1 15 Tf', '56 780 Td', `(${escape(title)}) Tj`, '/F1 10.5 Tf', '0 -28 Td', '14 TL'];
  for (const paragraph of paragraphs) {
    for (const line of wrap(paragraph, 92)) body.push(`(${escape(line)}) '`);
    body.push('T*');
  }
  body.push('ET');
  const stream = Buffer.from(body.join('\n'), 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let size = chunks[0]!.length;
  const push = (chunk: Buffer) => {
    chunks.push(chunk);
    size += chunk.length;
  };
  objects.forEach((object, index) => {
    offsets.push(size);
    push(Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`, 'latin1'));
  });
  offsets.push(size);
  push(
    Buffer.concat([
      Buffer.from(`5 0 obj\n<< /Length ${stream.length} >>\nstream\n`, 'latin1'),
      stream,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    ]),
  );
  const xref = size;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  push(
    Buffer.from(
      `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(chunks);
}
