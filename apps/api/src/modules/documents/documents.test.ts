import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import type { RenderContext } from './document.types.js';
import { declaracaoSaude } from './definitions/declaracao-saude.js';
import { declaracaoVinculo } from './definitions/declaracao-vinculo.js';
import { LABELS_PER_PAGE, etiquetas } from './definitions/etiquetas.js';
import { documentDefinitions } from './definitions/index.js';
import { createDocumentRenderer } from './documents.renderer.js';
import { createDocumentService } from './documents.service.js';
import { readLogo } from './index.js';
import { pdfText } from './pdf-text.testing.js';

const context: RenderContext = { association: { name: 'Associação dos Magistrados', shortName: 'ASSOC' }, now: new Date('2026-03-15T15:00:00Z') };
const renderer = createDocumentRenderer({ context: () => context });
afterAll(() => renderer.close());
const service = createDocumentService({ definitions: documentDefinitions, renderer });

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('document definitions', () => {
  it('every shipped document has a unique name, a description and renders from its sample', async () => {
    const names = documentDefinitions.map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
    for (const definition of documentDefinitions) {
      expect(definition.description).not.toBe('');
      const pdf = await renderer.render(definition, definition.sample());
      expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
      expect((await pdfText(pdf)).join(' ').length).toBeGreaterThan(20);
    }
  });
});

describe('declaracao-vinculo', () => {
  it('prints the association, the member, the CPF, the dates and the situation in pt-BR', async () => {
    const [justified, ...rest] = await pdfText(await renderer.render(declaracaoVinculo, declaracaoVinculo.sample()));
    const page = justified!.replace(/\/ /g, '/');
    expect(rest).toHaveLength(0);
    expect(page).toContain('DECLARAÇÃO DE VÍNCULO ASSOCIATIVO');
    expect(page).toContain('Associação dos Magistrados');
    expect(page).toContain('Maria da Conceição Araújo');
    expect(page).toContain('529.982.247-25');
    expect(page).toContain('15/03/2004');
    expect(page).toContain('123456-7');
    expect(page).toContain('ativo');
    expect(page).toContain('São Paulo, 15 de março de 2026.');
  });

  it('refuses missing or bad data with a pt-BR message naming the field', async () => {
    const { nome: _nome, ...withoutName } = declaracaoVinculo.sample();
    const missing = await refusal(renderer.render(declaracaoVinculo, withoutName));
    expect(missing.code).toBe('badRequest');
    expect(missing.message).toBe('nome: Campo obrigatório');
    const badCpf = await refusal(renderer.render(declaracaoVinculo, { ...declaracaoVinculo.sample(), cpf: '12345678900' }));
    expect(badCpf.message).toBe('cpf: CPF Inválido');
  });
});

describe('declaracao-saude', () => {
  it('prints the plan, the holder and the dependents with their birthdates', async () => {
    // Justified lines are drawn word piece by word piece ('09/' '07/1961'): join them back before searching.
    const text = (await pdfText(await renderer.render(declaracaoSaude, declaracaoSaude.sample()))).join(' ').replace(/\/ /g, '/');
    expect(text).toContain('DECLARAÇÃO DE SAÚDE');
    expect(text).toContain('Plano 21');
    expect(text).toContain('José Antônio Conceição');
    expect(text).toContain('111.444.777-35');
    expect(text).toContain('09/07/1961');
    expect(text).toContain('Ana Lúcia Conceição');
    expect(text).toContain('21/02/1964');
    expect(text).toContain('390.533.447-05');
    expect(text).toContain('30/11/1995');
    expect(text).toContain('Agência Nacional de Saúde Suplementar');
  });

  it('prints plan 22 and breaks a long list of dependents across pages with the header repeated', async () => {
    const sample = declaracaoSaude.sample();
    const dependentes = Array.from({ length: 60 }, (_, i) => ({
      nome: `Dependente Número ${i + 1}`,
      parentesco: 'Filho(a)',
      nascimento: '2001-01-31',
      cpf: null,
    }));
    const pages = await pdfText(await renderer.render(declaracaoSaude, { ...sample, plano: { codigo: 22, nome: 'Apartamento' }, dependentes }));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages[0]).toContain('Plano 22 – Apartamento');
    expect(pages.at(-1)).toContain('Parentesco');
    expect(pages.join(' ')).toContain('Dependente Número 60');
  });

  it('refuses a plan other than 21 or 22 and names a dependent’s missing field', async () => {
    const sample = declaracaoSaude.sample();
    expect((await refusal(renderer.render(declaracaoSaude, { ...sample, plano: { codigo: 23, nome: 'X' } }))).message).toBe(
      'plano.codigo: Plano deve ser 21 ou 22',
    );
    const dependentes = [{ nome: 'Sem Nascimento', parentesco: 'Filho(a)' }];
    expect((await refusal(renderer.render(declaracaoSaude, { ...sample, dependentes }))).message).toBe('dependentes.0.nascimento: Campo obrigatório');
  });
});

describe('etiquetas', () => {
  it('prints the sender line of each type, the name, the address and the CEP formatted', async () => {
    for (const [tipo, sender] of [
      [1, 'Secretaria'],
      [2, 'Atendimento'],
      [3, 'Sede Social'],
    ] as const) {
      const [page] = await pdfText(await renderer.render(etiquetas, { ...etiquetas.sample(), tipo }));
      expect(page).toContain(`Remetente: Associação dos Magistrados – ${sender}`);
      expect(page).toContain('Luíza Gonçalves Peçanha');
      expect(page).toContain('Rua da Consolação, 1500, Apto 42');
      expect(page).toContain('01301-100 – São Paulo/SP');
      expect(page).toContain('13015-002 – Campinas/SP');
    }
  });

  it('fills as many sheets as the people need', async () => {
    const [one] = etiquetas.sample().etiquetas;
    const list = Array.from({ length: LABELS_PER_PAGE * 3 + 1 }, (_, i) => ({ ...one!, nome: `Associado ${i + 1}` }));
    const pages = await pdfText(await renderer.render(etiquetas, { tipo: 2, etiquetas: list }));
    expect(pages).toHaveLength(4);
    expect(pages[3]).toContain(`Associado ${LABELS_PER_PAGE * 3 + 1}`);
  });

  it('refuses a bad CEP and an empty list', async () => {
    const [one] = etiquetas.sample().etiquetas;
    expect((await refusal(renderer.render(etiquetas, { tipo: 1, etiquetas: [{ ...one!, cep: '0130' }] }))).message).toBe(
      'etiquetas.0.cep: Tamanho de 8 caracteres',
    );
    expect((await refusal(renderer.render(etiquetas, { tipo: 1, etiquetas: [] }))).message).toBe('etiquetas: Informe ao menos uma etiqueta');
    expect((await refusal(renderer.render(etiquetas, { ...etiquetas.sample(), tipo: 4 }))).message).toBe('tipo: Tipo de etiqueta deve ser 1, 2 ou 3');
  });
});

// A stored (edited) template renders in a worker thread; the first one loads pdfme through tsx (slow on a busy machine).
describe('document service', { timeout: 120_000 }, () => {
  it('answers 404 "Relatório não encontrado" for an unknown name', async () => {
    const error = await refusal(service.render('nao-existe', {}));
    expect(error.code).toBe('notFound');
    expect(error.message).toBe('Relatório não encontrado');
    expect(() => service.definition('nao-existe')).toThrow('Relatório não encontrado');
  });

  it('renders the stored template when the template source has one, else the shipped default', async () => {
    const own = createDocumentService({ definitions: documentDefinitions, renderer });
    const edited = structuredClone(declaracaoVinculo.template);
    const title = edited.schemas[0]!.find((s) => s.name === 'titulo')!;
    title.content = 'DECLARAÇÃO EDITADA PELA SECRETARIA';
    const stored = new Map([['declaracao-vinculo', edited]]);
    own.setTemplateSource({ current: async (name) => stored.get(name) ?? null });
    expect((await pdfText(await own.render('declaracao-vinculo', declaracaoVinculo.sample()))).join(' ')).toContain(
      'DECLARAÇÃO EDITADA PELA SECRETARIA',
    );
    stored.clear();
    expect((await pdfText(await own.render('declaracao-vinculo', declaracaoVinculo.sample()))).join(' ')).toContain(
      'DECLARAÇÃO DE VÍNCULO ASSOCIATIVO',
    );
  });

  it('prints the configured logo; an unreadable or unsupported logo file is left out with a warning', async () => {
    const warnings: string[] = [];
    expect(readLogo(undefined, (m) => warnings.push(m))).toBeUndefined();
    expect(readLogo('/nao/existe/logo.png', (m) => warnings.push(m))).toBeUndefined();
    expect(readLogo('/etc/hostname', (m) => warnings.push(m))).toBeUndefined();
    expect(warnings).toHaveLength(2);
    // A 1×1 PNG: the declaration still renders with it.
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const withLogo = createDocumentRenderer({ context: () => ({ ...context, association: { ...context.association, logo: png } }) });
    const pdf = await withLogo.render(declaracaoVinculo, declaracaoVinculo.sample());
    expect(Buffer.from(pdf).toString('latin1')).toContain('/Subtype /Image');
  });
});
