import type { Template } from '@pdfme/common';
import { describe, expect, it } from 'vitest';
import { reportLimits, reportMessages } from '@assoc/domain';
import { declaracaoVinculo } from './definitions/declaracao-vinculo.js';
import { fillPlaceholders, unsupportedPlaceholders } from './documents.placeholders.js';
import type { RenderContext } from './document.types.js';
import { createGenerator } from './documents.generator.js';
import { createDocumentRenderer, documentFonts, documentPlugins } from './documents.renderer.js';
import { templateProblem } from './documents.template-check.js';
import { pdfText } from './pdf-text.testing.js';
import { fixedTextSchema } from './template.testing.js';

const context: RenderContext = { association: { name: 'Associação dos Magistrados', shortName: 'ASSOC' }, now: new Date('2026-03-15T15:00:00Z') };
const renderer = createDocumentRenderer({ context: () => context });
const generator = createGenerator({ font: documentFonts(), plugins: documentPlugins });

const fixed = (name: string, content: string, y: number) => fixedTextSchema(name, content, y, 9);

describe('placeholders (issue 22 item 4: no expression evaluator)', () => {
  it('fills names only; any other placeholder stays as written; values are never read again', () => {
    const variables = { nome: 'Ana {outro}', outro: 'NÃO', n: 3 };
    expect(fillPlaceholders('Olá {nome}, {n} {  n  } {desconhecido} {1 + 1} {"a".repeat(5)}', variables)).toBe(
      'Olá Ana {outro}, 3 3 {desconhecido} {1 + 1} {"a".repeat(5)}',
    );
    expect(fillPlaceholders('{constructor} {__proto__} {toString}', {})).toBe('{constructor} {__proto__} {toString}');
    expect(unsupportedPlaceholders('{a} {b.c} {x.repeat(9)} {d}')).toEqual(['{b.c}', '{x.repeat(9)}']);
  });

  it('throws past its bound instead of building a huge text', () => {
    const text = '{v}'.repeat(1000);
    expect(() => fillPlaceholders(text, { v: 'x'.repeat(1000) }, 100_000)).toThrow(/texto preenchido com mais de 100\.000 caracteres/);
  });

  it("a fixed text naming a field prints the field's value as written, never evaluating it (pdfme evaluated values holding braces)", async () => {
    const template = structuredClone(declaracaoVinculo.template) as Template;
    template.schemas[0]!.push(fixed('eco', 'Local: {local_data}', 250) as never);
    const pdf = await generator.generate({
      template,
      inputs: [{ ...declaracaoVinculo.inputs(declaracaoVinculo.data.parse(declaracaoVinculo.sample()), context)[0], local_data: "{'ab'.repeat(3)}" }],
    });
    const text = (await pdfText(pdf)).join(' ');
    expect(text).toContain("Local: {'ab'.repeat(3)}");
    expect(text).not.toContain('ababab');
  });

  it('fills the page numbers of the blank page’s static schemas (a footer on every page)', async () => {
    const template = {
      basePdf: { width: 210, height: 297, padding: [10, 10, 10, 10], staticSchema: [fixed('rodape', 'Página {currentPage} de {totalPages}', 280)] },
      schemas: [[fixed('um', 'Primeira', 20)], [fixed('dois', 'Segunda', 20)]],
    } as unknown as Template;
    const pages = await pdfText(await generator.generate({ template, inputs: [{}] }));
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Página 1 de 2');
    expect(pages[1]).toContain('Página 2 de 2');
  });
});

describe('template bounds', () => {
  it('the shipped templates are within them', () => {
    expect(templateProblem(declaracaoVinculo.template)).toBeNull();
  });

  it('names the first problem', () => {
    const base = declaracaoVinculo.template;
    const withSchema = (schema: object) => ({ ...base, schemas: [[...base.schemas[0]!, schema]] });
    expect(templateProblem({ ...base, basePdf: 'file:///etc/passwd' })).toBe(reportMessages.basePdf);
    expect(templateProblem(withSchema({ ...fixed('t', '', 10), type: 'table', content: 'x'.repeat(reportLimits.textChars + 1) }))).toBe(
      reportMessages.textTooLong('t', reportLimits.textChars),
    );
    expect(templateProblem(withSchema({ ...fixed('t', '', 10), type: 'table', headStyles: { fontName: 'Arial' } }))).toBe(
      reportMessages.unknownFont('t', 'Arial', ['DejaVuSans', 'DejaVuSans-Bold']),
    );
    expect(templateProblem({ schemas: 'x' })).toMatch(/^Modelo de relatório inválido: /);
  });

  it('the renderer still renders the shipped default in-process', async () => {
    const pdf = await renderer.render(declaracaoVinculo, declaracaoVinculo.sample());
    expect((await pdfText(pdf)).join(' ')).toContain('DECLARAÇÃO DE VÍNCULO ASSOCIATIVO');
  });
});
