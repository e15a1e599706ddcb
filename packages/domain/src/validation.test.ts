import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dataMessages, genericMessages as m } from './messages.js';
import { loginRequestSchema } from './auth/login.schema.js';
import { terceiroSchema } from './registries/terceiro.schema.js';
import {
  cepField,
  cnpjField,
  cpfCnpjRefinement,
  cpfField,
  cpfOrCnpjField,
  creditCardField,
  digitsOnly,
  emailField,
  exactLength,
  firstIssuePerPath,
  intRange,
  isoDateField,
  isValidCpfOrCnpj,
  luhnValid,
  moneyCents,
  optionalText,
  requiredText,
  safeText,
} from './validation.js';

const VALID_CPF = '12345678909';
const VALID_CNPJ = '12345678000195';

/** The messages of a failed parse, or [] when it passes. */
function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : firstIssuePerPath(result.error.issues).map((i) => i.message);
}

function parsed<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  return schema.parse(value);
}

describe('requiredText', () => {
  it('trims and requires a value', () => {
    expect(parsed(requiredText(), '  Maria  ')).toBe('Maria');
    expect(messages(requiredText(), '')).toEqual([m.required]);
    expect(messages(requiredText(), '   ')).toEqual([m.required]);
    expect(messages(requiredText(), undefined)).toEqual([m.required]);
    expect(messages(requiredText(), null)).toEqual([m.required]);
  });
  it('checks minimum and maximum lengths with the spec texts', () => {
    const name = requiredText(5, 64);
    expect(messages(name, 'Ana')).toEqual(['Tamanho mínimo de 5 caracteres']);
    expect(messages(name, '  Ana   ')).toEqual(['Tamanho mínimo de 5 caracteres']);
    expect(messages(name, 'x'.repeat(65))).toEqual(['Tamanho máxumo de 64 caracteres']);
    expect(messages(name, 'x'.repeat(64))).toEqual([]);
    expect(messages(name, 'Maria')).toEqual([]);
  });
  it('reports only "Campo obrigatório" for an empty value even with a minimum', () => {
    expect(messages(requiredText(5), '')).toEqual(['Campo obrigatório']);
  });
  it('works with only a maximum', () => {
    expect(messages(requiredText(undefined, 3), 'abcd')).toEqual([m.maxLength(3)]);
    expect(messages(requiredText(undefined, 3), 'abc')).toEqual([]);
  });
});

describe('optionalText', () => {
  it('accepts empty, null and absent values', () => {
    expect(messages(optionalText(10), '')).toEqual([]);
    expect(messages(optionalText(10), null)).toEqual([]);
    expect(messages(optionalText(10), undefined)).toEqual([]);
    expect(z.object({ a: optionalText(10) }).parse({})).toEqual({});
  });
  it('trims and checks the maximum length', () => {
    expect(parsed(optionalText(10), '  abc ')).toBe('abc');
    expect(messages(optionalText(3), 'abcd')).toEqual(['Tamanho máxumo de 3 caracteres']);
    expect(messages(optionalText(3), ' abc ')).toEqual([]);
  });
});

describe('exactLength', () => {
  it('demands exactly n characters', () => {
    expect(messages(exactLength(6), 'abcdef')).toEqual([]);
    expect(messages(exactLength(6), 'abcde')).toEqual(['Tamanho de 6 caracteres']);
    expect(messages(exactLength(6), 'abcdefg')).toEqual(['Tamanho de 6 caracteres']);
    expect(messages(exactLength(6), '')).toEqual([m.required]);
  });
  it('may be optional', () => {
    const card = exactLength(9, { required: false });
    expect(messages(card, '')).toEqual([]);
    expect(messages(card, undefined)).toEqual([]);
    expect(messages(card, '123456789')).toEqual([]);
    expect(messages(card, '12345678')).toEqual([m.exactLength(9)]);
  });
});

describe('digitsOnly', () => {
  it('accepts digits only', () => {
    expect(messages(digitsOnly(), '0123')).toEqual([]);
    expect(messages(digitsOnly(), '')).toEqual([]);
    expect(messages(digitsOnly(), '12a3')).toEqual(['Apenas caracteres numéricos']);
    expect(messages(digitsOnly(), '12.3')).toEqual([m.digitsOnly]);
    expect(messages(digitsOnly(), '-1')).toEqual([m.digitsOnly]);
  });
  it('checks the maximum length', () => {
    expect(messages(digitsOnly(11), '123456789012')).toEqual([m.maxLength(11)]);
    expect(messages(digitsOnly(11), '12345678901')).toEqual([]);
  });
  it('can be made required', () => {
    expect(messages(digitsOnly(11).min(1, m.required), '')).toEqual([m.required]);
  });
});

describe('cpfField', () => {
  it('accepts a valid CPF with or without punctuation and outputs digits', () => {
    expect(parsed(cpfField(), VALID_CPF)).toBe(VALID_CPF);
    expect(parsed(cpfField(), '123.456.789-09')).toBe(VALID_CPF);
    expect(parsed(cpfField(), ' 123.456.789-09 ')).toBe(VALID_CPF);
  });
  it('is required', () => {
    expect(messages(cpfField(), '')).toEqual([m.required]);
    expect(messages(cpfField(), undefined)).toEqual([m.required]);
  });
  it('refuses wrong check digits, wrong lengths, letters and all-equal digits with one message', () => {
    expect(messages(cpfField(), '12345678900')).toEqual(['CPF Inválido']);
    expect(messages(cpfField(), '1234567890')).toEqual([m.cpf]);
    expect(messages(cpfField(), '123456789091')).toEqual([m.cpf]);
    expect(messages(cpfField(), 'a12345678909')).toEqual([m.cpf]);
    for (let d = 0; d <= 9; d += 1) expect(messages(cpfField(), String(d).repeat(11))).toEqual([m.cpf]);
  });
});

describe('cnpjField', () => {
  it('accepts a valid CNPJ with or without punctuation and outputs digits', () => {
    expect(parsed(cnpjField(), VALID_CNPJ)).toBe(VALID_CNPJ);
    expect(parsed(cnpjField(), '12.345.678/0001-95')).toBe(VALID_CNPJ);
  });
  it('refuses invalid ones', () => {
    expect(messages(cnpjField(), '12345678000196')).toEqual(['CNPJ Inválido']);
    expect(messages(cnpjField(), '11111111111111')).toEqual([m.cnpj]);
    expect(messages(cnpjField(), VALID_CPF)).toEqual([m.cnpj]);
    expect(messages(cnpjField(), '')).toEqual([m.required]);
  });
});

describe('CPF or CNPJ by type', () => {
  it('isValidCpfOrCnpj: type 1 is CNPJ, anything else CPF', () => {
    expect(isValidCpfOrCnpj(VALID_CPF, 0)).toBe(true);
    expect(isValidCpfOrCnpj(VALID_CNPJ, 1)).toBe(true);
    expect(isValidCpfOrCnpj(VALID_CNPJ, '1')).toBe(true);
    expect(isValidCpfOrCnpj(VALID_CNPJ, 0)).toBe(false);
    expect(isValidCpfOrCnpj(VALID_CPF, 1)).toBe(false);
    expect(isValidCpfOrCnpj('x12345678909', 0)).toBe(false);
    expect(isValidCpfOrCnpj(null, 0)).toBe(false);
  });
  it('cpfOrCnpjField(type)', () => {
    expect(parsed(cpfOrCnpjField(0), '123.456.789-09')).toBe(VALID_CPF);
    expect(parsed(cpfOrCnpjField(1), '12.345.678/0001-95')).toBe(VALID_CNPJ);
    expect(messages(cpfOrCnpjField(0), VALID_CNPJ)).toEqual(['CPF/CNPJ Inválido']);
    expect(messages(cpfOrCnpjField(1), VALID_CPF)).toEqual([m.cpfCnpj]);
    expect(messages(cpfOrCnpjField(1), '')).toEqual([m.required]);
  });
  it('cpfCnpjRefinement reports on the value field, following the type field', () => {
    const supplier = z.object({ tipo: z.number(), documento: z.string() }).superRefine(cpfCnpjRefinement('tipo', 'documento'));
    expect(supplier.safeParse({ tipo: 0, documento: VALID_CPF }).success).toBe(true);
    expect(supplier.safeParse({ tipo: 1, documento: '12.345.678/0001-95' }).success).toBe(true);
    const wrong = supplier.safeParse({ tipo: 1, documento: VALID_CPF });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues).toMatchObject([{ path: ['documento'], message: 'CPF/CNPJ Inválido' }]);
    expect(supplier.safeParse({ tipo: 0, documento: VALID_CNPJ }).success).toBe(false);
    // An empty document is left to the field's own required rule.
    expect(supplier.safeParse({ tipo: 0, documento: '' }).success).toBe(true);
  });
});

describe('emailField', () => {
  it('is optional by default', () => {
    expect(messages(emailField(), '')).toEqual([]);
    expect(messages(emailField(), null)).toEqual([]);
    expect(messages(emailField(), undefined)).toEqual([]);
    expect(parsed(emailField(), ' ana@example.com.br ')).toBe('ana@example.com.br');
    expect(messages(emailField(), 'ana@')).toEqual(['E-mail inválido']);
  });
  it('can be required', () => {
    const email = emailField({ required: true });
    expect(messages(email, '')).toEqual([m.required]);
    expect(messages(email, 'ana@example.com')).toEqual([]);
    expect(messages(email, 'ana example.com')).toEqual([m.email]);
    expect(messages(email, 'ana@example')).toEqual([m.email]);
    expect(messages(email, 'a..b@example.com')).toEqual([m.email]);
  });
  it('chains a minimum length (custEmail min 5)', () => {
    expect(messages(emailField({ required: true }).min(5, m.minLength(5)), 'ana@example.com')).toEqual([]);
  });
});

describe('cepField', () => {
  it('accepts 8 digits with or without the dash and outputs digits', () => {
    expect(parsed(cepField(), '01310-100')).toBe('01310100');
    expect(parsed(cepField(), '01310100')).toBe('01310100');
    expect(parsed(cepField(), '01.310-100')).toBe('01310100');
  });
  it('refuses other lengths and letters', () => {
    expect(messages(cepField(), '0131010')).toEqual(['Tamanho de 8 caracteres']);
    expect(messages(cepField(), '013101001')).toEqual([m.exactLength(8)]);
    expect(messages(cepField(), '01310-10a')).toEqual([m.digitsOnly]);
    expect(messages(cepField(), '')).toEqual([m.required]);
    expect(messages(cepField(), '-')).toEqual([m.required]);
  });
  it('may be optional', () => {
    const cep = cepField({ required: false });
    expect(messages(cep, '')).toEqual([]);
    expect(messages(cep, null)).toEqual([]);
    expect(messages(cep, '0131')).toEqual([m.exactLength(8)]);
    expect(parsed(cep, '01310-100')).toBe('01310100');
  });
});

describe('moneyCents', () => {
  it('accepts integer cents within bounds', () => {
    const premium = moneyCents({ min: 1, max: 1_000_000 });
    expect(messages(premium, 1)).toEqual([]);
    expect(messages(premium, 1_000_000)).toEqual([]);
    expect(messages(premium, 0)).toEqual(['Valor mínimo inválido']);
    expect(messages(premium, 1_000_001)).toEqual(['Valor máximo inválido']);
  });
  it('refuses fractions of a cent and non-numbers', () => {
    expect(messages(moneyCents(), 10.5)).toEqual([m.oneOf]);
    expect(messages(moneyCents(), Number.NaN)).toEqual([m.oneOf]);
    expect(messages(moneyCents(), Number.POSITIVE_INFINITY)).toEqual([m.oneOf]);
    expect(messages(moneyCents(), '10')).toEqual([m.oneOf]);
    expect(messages(moneyCents(), undefined)).toEqual([m.required]);
    expect(messages(moneyCents(), -500)).toEqual([]);
  });
});

describe('intRange', () => {
  it('checks bounds inclusively', () => {
    const day = intRange(1, 31);
    expect(messages(day, 1)).toEqual([]);
    expect(messages(day, 31)).toEqual([]);
    expect(messages(day, 0)).toEqual([m.numericMin]);
    expect(messages(day, 32)).toEqual([m.numericMax]);
    expect(messages(day, 4.5)).toEqual([m.oneOf]);
    expect(messages(day, undefined)).toEqual([m.required]);
    expect(messages(day, null)).toEqual([m.required]);
  });
});

describe('isoDateField', () => {
  it('accepts real YYYY-MM-DD dates', () => {
    expect(parsed(isoDateField(), '2024-02-29')).toBe('2024-02-29');
    expect(parsed(isoDateField(), ' 2024-12-31 ')).toBe('2024-12-31');
  });
  it('refuses impossible and malformed dates', () => {
    expect(messages(isoDateField(), '2023-02-29')).toEqual([m.pattern]);
    expect(messages(isoDateField(), '2024-02-30')).toEqual([m.pattern]);
    expect(messages(isoDateField(), '31/12/2024')).toEqual([m.pattern]);
    expect(messages(isoDateField(), '2024-12-31T00:00:00Z')).toEqual([m.pattern]);
    expect(messages(isoDateField(), '')).toEqual([m.required]);
  });
});

describe('luhnValid', () => {
  it('checks the Luhn sum', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('0')).toBe(true);
  });
  it('is false for empty or non-digit text', () => {
    expect(luhnValid('')).toBe(false);
    expect(luhnValid(null)).toBe(false);
    expect(luhnValid('4111 1111 1111 1111')).toBe(false);
    expect(luhnValid('abc')).toBe(false);
  });
});

describe('creditCardField', () => {
  it('accepts 13 to 19 digits with a valid check sum, spaces or dashes allowed, output digits', () => {
    expect(parsed(creditCardField(), '4111 1111 1111 1111')).toBe('4111111111111111');
    expect(parsed(creditCardField(), '4111-1111-1111-1111')).toBe('4111111111111111');
    expect(parsed(creditCardField(), '4222222222222')).toBe('4222222222222');
    expect(parsed(creditCardField(), '4000000000000000006')).toBe('4000000000000000006');
  });
  it('refuses bad check sums, lengths and letters', () => {
    expect(messages(creditCardField(), '4111111111111112')).toEqual(['Cartão de crédito inválido']);
    expect(messages(creditCardField(), '79927398713')).toEqual([m.card]); // valid Luhn, too short
    expect(messages(creditCardField(), '40000000000000000006')).toEqual([m.card]); // 20 digits
    expect(messages(creditCardField(), '4111x111111111111')).toEqual([m.card]);
    expect(messages(creditCardField(), '')).toEqual([m.required]);
  });
});

describe('JSON Schema', () => {
  it('the builders stay representable for route schemas', () => {
    const body = z.object({
      nome: requiredText(5, 64),
      cpf: cpfField(),
      email: emailField(),
      cep: cepField(),
      valor: moneyCents({ min: 1 }),
      dia: intRange(1, 31),
      data: isoDateField(),
      cartao: creditCardField(),
    });
    expect(() => z.toJSONSchema(body, { io: 'input' })).not.toThrow();
  });
});

describe('text rule: no control characters but tab and line breaks', () => {
  const bad = ['\u0000', '\u0007', '\u0008', '\u000B', '\u000C', '\u000E', '\u001F', '\u007F'];

  it('refuses each control character with the pt-BR message, in every text builder', () => {
    const builders = [
      safeText(),
      requiredText(1, 80),
      optionalText(80),
      exactLength(3),
      exactLength(3, { required: false }),
      emailField(),
      emailField({ required: true }),
      cepField(),
      cpfField(),
    ];
    for (const c of bad) {
      for (const schema of builders) expect(messages(schema, `ab${c}`)).toEqual([dataMessages.invalidText]);
    }
  });

  it('accepts tab, line feed, carriage return and accented text', () => {
    expect(messages(safeText(), 'linha 1\r\n\tlinha 2 – ação')).toEqual([]);
    expect(messages(optionalText(80), 'Observação:\nçãõ')).toEqual([]);
  });

  it('is applied to the raw text fields of request schemas', () => {
    expect(messages(loginRequestSchema, { username: '111.444.777-35', password: 'a\u0000b' })).toEqual([dataMessages.invalidText]);
    const result = terceiroSchema.safeParse({ terTipo: 0, terCPFCNPJ: VALID_CPF, terNome: 'Fulano\u0000 de Tal' });
    expect(result.success ? [] : firstIssuePerPath(result.error.issues).map((i) => i.message)).toContain(dataMessages.invalidText);
  });
});
