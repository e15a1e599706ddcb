import { describe, expect, it } from 'vitest';
import { terceiroSchema } from './terceiro.schema.js';

const messages = (values: Record<string, unknown>) => {
  const result = terceiroSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('terceiroSchema', () => {
  it('checks the document for its type', () => {
    // The spec's one message beside the type field (spec 3 §8), for a person and a company alike.
    expect(messages({ terTipo: 1, terCPFCNPJ: '11444777000162', terNome: 'Empresa Teste' })).toEqual(['terCPFCNPJ: CPF/CNPJ Inválido']);
    expect(messages({ terTipo: 0, terCPFCNPJ: '11444777000161', terNome: 'Empresa Teste' })).toEqual(['terCPFCNPJ: CPF/CNPJ Inválido']);
    expect(messages({ terTipo: 0, terCPFCNPJ: '111.444.777-3x', terNome: 'Empresa Teste' })).toEqual(['terCPFCNPJ: CPF/CNPJ Inválido']);
    expect(messages({ terTipo: 0, terCPFCNPJ: '', terNome: 'Empresa Teste' })).toEqual(['terCPFCNPJ: Campo obrigatório']);
  });

  it('accepts a valid company and stores the document as digits', () => {
    const parsed = terceiroSchema.parse({ terTipo: 1, terCPFCNPJ: '11.444.777/0001-61', terNome: 'Empresa Teste' });
    expect(parsed).toMatchObject({ terId: 0, terCPFCNPJ: '11444777000161' });
  });
});
