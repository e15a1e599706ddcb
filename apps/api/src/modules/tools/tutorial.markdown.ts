/**
 * The pdfmake content this guide uses. Declared here rather than taken from @types/pdfmake, whose
 * declarations pull the DOM library into the server's type check.
 */
type Margin = [number, number, number, number];
export type Content =
  | string
  | { text: Content[] | string; style?: string; bold?: boolean; italics?: boolean; color?: string; margin?: Margin; headlineLevel?: number }
  | { ul: Content[]; style?: string }
  | { ol: Content[]; style?: string }
  | { canvas: { type: 'line'; x1: number; y1: number; x2: number; y2: number; lineWidth: number; lineColor: string }[]; margin?: Margin };

/**
 * The small Markdown subset the user guide uses, turned into pdfmake content: headings (#, ##, ###),
 * paragraphs, bullet (- or *) and numbered (1.) lists, block quotes (>), horizontal rules (---) and
 * inline **bold**, *italic* and `code`.
 */
export function markdownToPdfContent(markdown: string): Content[] {
  const out: Content[] = [];
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  let quote: string[] = [];

  const flushParagraph = () => {
    if (paragraph.length) out.push({ text: inline(paragraph.join(' ')), style: 'paragraph' });
    paragraph = [];
  };
  const flushList = () => {
    if (list) {
      const items = list.items.map((item) => ({ text: inline(item), margin: [0, 0, 0, 3] as Margin }));
      out.push(list.ordered ? { ol: items, style: 'list' } : { ul: items, style: 'list' });
    }
    list = null;
  };
  const flushQuote = () => {
    if (quote.length) out.push({ text: inline(quote.join(' ')), style: 'note' });
    quote = [];
  };
  const flushAll = () => {
    flushParagraph();
    flushList();
    flushQuote();
  };

  for (const raw of lines) {
    const line = raw.trimEnd();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    const quoted = /^>\s?(.*)$/.exec(line);
    if (!line.trim()) {
      flushAll();
    } else if (heading) {
      flushAll();
      out.push({ text: inline(heading[2]!), style: `h${heading[1]!.length}`, ...(heading[1]!.length === 1 ? {} : { headlineLevel: 1 }) });
    } else if (/^-{3,}$/.test(line.trim())) {
      flushAll();
      out.push({ canvas: [{ type: 'line', x1: 0, y1: 4, x2: 515, y2: 4, lineWidth: 0.5, lineColor: '#b0b7c3' }], margin: [0, 4, 0, 10] });
    } else if (bullet || numbered) {
      flushParagraph();
      flushQuote();
      const ordered = !bullet;
      if (list && list.ordered !== ordered) flushList();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)![1]!);
    } else if (quoted) {
      flushParagraph();
      flushList();
      quote.push(quoted[1]!);
    } else if (list && /^\s{2,}\S/.test(raw)) {
      // A continuation line of the last list item.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      flushList();
      flushQuote();
      paragraph.push(line.trim());
    }
  }
  flushAll();
  return out;
}

/** Inline **bold**, *italic* and `code` as pdfmake text runs. */
export function inline(text: string): Content[] | string {
  const parts: Content[] = [];
  const pattern = /\*\*(.+?)\*\*|\*(.+?)\*|`(.+?)`/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    if (match[1] !== undefined) parts.push({ text: match[1], bold: true });
    else if (match[2] !== undefined) parts.push({ text: match[2], italics: true });
    else parts.push({ text: match[3]!, color: '#364fc7' });
    last = match.index + match[0].length;
  }
  if (last === 0) return text;
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
