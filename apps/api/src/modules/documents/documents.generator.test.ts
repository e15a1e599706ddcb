import { generate } from '@pdfme/generator';
import type { Template } from '@pdfme/common';
import { PDFDocument } from '@pdfme/pdf-lib';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import type { RenderContext } from './document.types.js';
import { extrato } from './definitions/extrato.js';
import { documentDefinitions } from './definitions/index.js';
import { createGenerator } from './documents.generator.js';
import { createDocumentRenderer, documentFonts, documentPlugins } from './documents.renderer.js';
import { createDocumentService } from './documents.service.js';
import { pdfText } from './pdf-text.testing.js';

const context: RenderContext = { association: { name: 'Associação dos Magistrados', shortName: 'ASSOC' }, now: new Date('2026-03-15T15:00:00Z') };
const generator = createGenerator({ font: documentFonts(), plugins: documentPlugins });

interface Run {
  str: string;
  x: number;
  y: number;
}

/** Each page's text runs with where they start (pt): what the reader sees, and where. */
async function placedText(pdf: Uint8Array): Promise<Run[][]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false });
  const doc = await task.promise;
  const pages: Run[][] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const { items } = await (await doc.getPage(n)).getTextContent();
    pages.push(
      items
        .filter((item) => 'str' in item && item.str.trim() !== '')
        .map((item) => ('str' in item ? { str: item.str, x: item.transform[4] as number, y: item.transform[5] as number } : { str: '', x: 0, y: 0 })),
    );
  }
  await task.destroy();
  return pages;
}

/** The same runs, in the same order, on the same pages, each within 0.05 pt (our operands are rounded to 0.001 pt). */
function expectSamePlaces(ours: Run[][], theirs: Run[][], label: string) {
  expect(
    ours.map((page) => page.map((run) => run.str)),
    label,
  ).toEqual(theirs.map((page) => page.map((run) => run.str)));
  ours.forEach((page, p) =>
    page.forEach((run, i) => {
      const other = theirs[p]![i]!;
      expect(
        Math.abs(run.x - other.x) < 0.05 && Math.abs(run.y - other.y) < 0.05,
        `${label} p.${p + 1} '${run.str}': ${run.x},${run.y} vs ${other.x},${other.y}`,
      ).toBe(true);
    }),
  );
}

function inputsOf(definition: (typeof documentDefinitions)[number], data: unknown = definition.sample()) {
  return definition.inputs(definition.data.parse(data), context);
}

describe('document generator (issue 11: the statement batch)', () => {
  it("prints every shipped document as pdfme's generate does: the same texts at the same places on the same pages", async () => {
    for (const definition of documentDefinitions) {
      const inputs = inputsOf(definition);
      const ours = await generator.generate({ template: definition.template, inputs });
      const pdfme = await generate({ template: definition.template, inputs, plugins: documentPlugins, options: { font: documentFonts() } });
      expectSamePlaces(await placedText(ours), await placedText(pdfme), definition.name);
    }
  });

  it('lays a long statement out as pdfme does: rows never split, the head repeated on each page, the totals after the table', async () => {
    const sample = extrato.sample();
    const long = {
      ...sample,
      entries: Array.from({ length: 130 }, (_, i) => ({
        ...sample.entries[i % sample.entries.length]!,
        description: i % 7 === 0 ? `Lançamento ${i} com uma descrição longa que ocupa mais de uma linha na coluna` : `Lançamento ${i}`,
      })),
    };
    const inputs = inputsOf(extrato, long);
    const ours = await placedText(await generator.generate({ template: extrato.template, inputs }));
    const pdfme = await placedText(
      await generate({ template: extrato.template, inputs, plugins: documentPlugins, options: { font: documentFonts() } }),
    );
    expect(ours.length).toBeGreaterThanOrEqual(4);
    expectSamePlaces(ours, pdfme, 'extrato 130');
    for (const page of ours) expect(page.some((run) => run.str === 'Descrição')).toBe(true);
    expect(ours.at(-1)!.some((run) => run.str.startsWith('Saldo final:'))).toBe(true);
  });

  it('uses the template it is given on every render: a changed static text and table head show in the next PDF', async () => {
    const inputs = inputsOf(extrato);
    const before = (await pdfText(await generator.generate({ template: extrato.template, inputs }))).join(' ');
    expect(before).toContain('Extrato mensal');
    const edited = structuredClone(extrato.template) as Template;
    for (const schema of edited.schemas[0]!) {
      if (schema.name === 'titulo') schema.content = 'Extrato do mês — edição';
      if (schema.type === 'table') (schema as unknown as { head: string[] }).head[1] = 'Histórico';
    }
    const after = (await pdfText(await generator.generate({ template: edited, inputs }))).join(' ');
    expect(after).toContain('Extrato do mês — edição');
    expect(after).toContain('Histórico');
    expect(after).not.toContain('Descrição');
    expect((await pdfText(await generator.generate({ template: extrato.template, inputs }))).join(' ')).toBe(before);
  });

  it("keeps every text readable when the fonts serve many PDFs: a letter first met inside an accented one ('u' of 'ú')", async () => {
    const template = {
      basePdf: { width: 210, height: 297, padding: [0, 0, 0, 0] },
      schemas: [[{ name: 't', type: 'text', position: { x: 10, y: 10 }, width: 150, height: 10, fontName: 'DejaVuSans-Bold', fontSize: 12 }]],
    } as unknown as Template;
    const fresh = createGenerator({ font: documentFonts(), plugins: documentPlugins });
    expect(await pdfText(await fresh.generate({ template, inputs: [{ t: 'Número Saúde' }] }))).toEqual(['Número Saúde']);
    expect(await pdfText(await fresh.generate({ template, inputs: [{ t: 'Comunicado útil' }] }))).toEqual(['Comunicado útil']);
  });

  it('renderMany: one PDF per statement, in order; a bad item is refused before anything is rendered, naming the item', async () => {
    const service = createDocumentService({ definitions: documentDefinitions, renderer: createDocumentRenderer({ context: () => context }) });
    const sample = extrato.sample();
    const names = ['Ângela Simões', 'João Gonçalves', 'Conceição Brandão'];
    const pdfs = await service.renderMany(
      'extrato',
      names.map((name) => ({ ...sample, member: { ...sample.member, name } })),
    );
    expect(pdfs).toHaveLength(3);
    for (const [i, pdf] of pdfs.entries()) expect((await pdfText(pdf))[0]).toContain(names[i]);
    const error = await service.renderMany('extrato', [sample, { ...sample, member: { ...sample.member, cpf: '111' } }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(/^2: member\.cpf: /);
  });
});

describe('generateEach (issue 30 "Speed"): one document for a batch, split per holder', () => {
  it('gives each holder a PDF of their own pages only, with their name and totals, as generate gives it', async () => {
    const sample = extrato.sample();
    // A long statement (two pages) between short ones; each holder a different name, entries and balance.
    const people = ['Ângela Simões', 'João Gonçalves', 'Conceição Brandão', 'Luís Magalhães'];
    const list = people.map((name, i) => ({
      ...sample,
      member: { ...sample.member, name, numero: 700 + i },
      openingBalance: 1_000 * (i + 1),
      entries: i === 1 ? sample.entries : sample.entries.slice(0, 3 + i),
    }));
    const jobs = list.map((data) => ({
      inputs: inputsOf(extrato, data),
      options: { title: extrato.description, author: context.association.name, creationDate: context.now },
    }));
    const pdfs = await generator.generateEach(extrato.template, jobs);
    expect(pdfs).toHaveLength(list.length);
    for (const [i, pdf] of pdfs.entries()) {
      const pages = await pdfText(pdf);
      const alone = await pdfText(await generator.generate({ template: extrato.template, ...jobs[i]! }));
      // The same pages and texts as the holder's own render: their name and totals, no other holder's page.
      expect(pages).toEqual(alone);
      expect(pages).toHaveLength(i === 1 ? 2 : 1);
      expect(pages.join(' ')).toContain(people[i]);
      expect(pages.join(' ')).toContain((jobs[i]!.inputs[0]!.totais ?? '').split('\n')[2]!);
      for (const other of people.filter((_, k) => k !== i)) expect(pages.join(' ')).not.toContain(other);
      const doc = await PDFDocument.load(pdf);
      expect(doc.getTitle()).toBe(extrato.description);
      expect(doc.getAuthor()).toBe(context.association.name);
      expect(doc.getCreationDate()?.toISOString()).toBe(context.now.toISOString());
    }
  });
});
