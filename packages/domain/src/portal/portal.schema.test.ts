import { describe, expect, it } from 'vitest';
import { genericMessages as m } from '../messages.js';
import { portalMessages } from './portal.messages.js';
import { portalSaveCheckedSchema, portalSaveSchema } from './portal.schema.js';

const first = (input: unknown) => {
  const parsed = portalSaveSchema.safeParse(input);
  return parsed.success ? null : { path: parsed.error.issues[0]!.path.join('.'), message: parsed.error.issues[0]!.message };
};

describe('portalSaveSchema: only the portal editable fields', () => {
  it('takes the editable fields and the version', () => {
    const parsed = portalSaveSchema.parse({
      version: 3,
      custEmail: 'ana@example.com',
      custCelularDdd: '11',
      custCelular: '987654321',
      custConcurso: '123',
      enderecoSelected: 2,
      custExtratoPorEmail: true,
      custComunicacao: 1,
      enderecoResidencial: { adZipcode: '01310-100', adNumber: '10' },
      custContatoNome: 'Maria',
    });
    expect(parsed.enderecoResidencial?.adZipcode).toBe('01310100');
  });

  it('refuses any other key naming it, at the top and inside an address', () => {
    expect(first({ version: 1, custName: 'Outro Nome' })).toEqual({ path: '', message: portalMessages.notEditable(['custName']) });
    expect(first({ version: 1, custCpf: '1', permIdv2: 2 })?.message).toBe('Campos não editáveis pelo portal: custCpf, permIdv2');
    expect(first({ version: 1, custIRPorEmail: true })?.message).toBe(portalMessages.notEditable(['custIRPorEmail']));
    expect(first({ version: 1, enderecoForum: {} })?.message).toBe(portalMessages.notEditable(['enderecoForum']));
    expect(first({ version: 1, enderecoComercial: { adZipcode: '01310100', adNumber: '1', bogus: 1 } })).toEqual({
      path: 'enderecoComercial',
      message: portalMessages.notEditable(['bogus']),
    });
  });

  it('keeps the staff record rules: e-mail, CEP, the version', () => {
    expect(first({ version: 1, custEmail: 'nao-e-email' })).toEqual({ path: 'custEmail', message: m.email });
    expect(first({ version: 1, enderecoResidencial: { adZipcode: '123' } })).toEqual({
      path: 'enderecoResidencial.adZipcode',
      message: m.exactLength(8),
    });
    expect(first({ version: 1, enderecoResidencial: { adZipcode: '01310100' } })).toEqual({
      path: 'enderecoResidencial.adNumber',
      message: m.required,
    });
    expect(first({ custEmail: '' })).toEqual({ path: 'version', message: m.required });
  });

  it('the checked schema adds the phone pair rules', () => {
    const parsed = portalSaveCheckedSchema.safeParse({ version: 1, custCelularDdd: '11', custCelular: '' });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]).toMatchObject({ path: ['custCelular'], message: m.required });
  });
});
