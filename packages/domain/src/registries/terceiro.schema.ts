/** Third parties (terceiros), spec 3 §3 and §5: a person (CPF, terTipo 0) or a company (CNPJ, terTipo 1). */
import { z } from 'zod';
import { onlyDigits } from '../format.js';
import { genericMessages as m } from '../messages.js';
import { isValidCnpj, isValidCpf } from '../people/cpf.js';
import { loadedVersion, recordVersion } from '../record-version.js';
import { cepField, emailField, optionalText, safeText } from '../validation.js';

export const terceiroTipos = [0, 1] as const;
export type TerceiroTipo = (typeof terceiroTipos)[number];
export const terceiroTipoLabels: Record<TerceiroTipo, string> = { 0: 'Pessoa física (CPF)', 1: 'Pessoa jurídica (CNPJ)' };

/** Input limits of the form fields. */
export const terceiroLimits = {
  name: 80,
  contact: 80,
  email: 120,
  street: 80,
  number: 20,
  complement: 20,
  bairro: 32,
  city: 32,
  uf: 2,
  phone: 15,
} as const;

/**
 * '' when the document is valid for the type (0 CPF, 1 CNPJ), else the spec's one message for the
 * document beside its type field, 'CPF/CNPJ Inválido' (spec 3 §8), whatever the type.
 */
export function terceiroDocumentError(tipo: number | null | undefined, document: string | null | undefined): string {
  const digits = onlyDigits(document);
  if (!/^[\d.\-/\s]*$/.test(document ?? '')) return m.cpfCnpj;
  if (tipo === 0) return isValidCpf(digits) ? '' : m.cpfCnpj;
  if (tipo === 1) return isValidCnpj(digits) ? '' : m.cpfCnpj;
  return m.cpfCnpj;
}

/** Phone of a third party: digits only, at most 15 (shown formatted when it has 10 or 11 digits). */
const phone = () => z.string().trim().regex(/^\d*$/, m.digitsOnly).max(terceiroLimits.phone, m.maxLength(terceiroLimits.phone)).nullish();

export const terceiroSchema = z
  .object({
    terId: z.number().int().default(0),
    version: loadedVersion(),
    terTipo: z.union([z.literal(0), z.literal(1)], { error: m.oneOf }),
    /** Punctuation accepted while typing; stored as digits. */
    terCPFCNPJ: safeText({ error: m.required }).trim().min(1, m.required),
    terNome: safeText({ error: m.required }).trim().min(1, m.required).min(4, m.minLength(4)).max(80, m.maxLength(80)),
    terContato: optionalText(terceiroLimits.contact),
    terEmail: emailField().refine((v) => (v ?? '').length <= terceiroLimits.email, m.maxLength(terceiroLimits.email)),
    terCEP: cepField({ required: false }),
    terLogradouro: optionalText(terceiroLimits.street),
    terNumero: optionalText(terceiroLimits.number),
    terComplemento: optionalText(terceiroLimits.complement),
    terBairro: optionalText(terceiroLimits.bairro),
    terCidade: optionalText(terceiroLimits.city),
    terUF: optionalText(terceiroLimits.uf),
    terTelefone1: phone(),
    terTelefone2: phone(),
  })
  // Checked once the fields parse (the form also shows it on leaving the document field).
  .refine((data) => !data.terCPFCNPJ || !terceiroDocumentError(data.terTipo, data.terCPFCNPJ), {
    path: ['terCPFCNPJ'],
    error: (issue) => {
      const data = issue.input as { terTipo?: number; terCPFCNPJ?: string };
      return terceiroDocumentError(data?.terTipo, data?.terCPFCNPJ) || m.cpfCnpj;
    },
  })
  .overwrite((data) => ({ ...data, terCPFCNPJ: onlyDigits(data.terCPFCNPJ) }));
export type TerceiroInput = z.input<typeof terceiroSchema>;

export const terceiroRecordSchema = z.object({
  terId: z.number().int(),
  terTipo: z.number().int(),
  terCPFCNPJ: z.string(),
  terNome: z.string(),
  terContato: z.string().nullable(),
  terEmail: z.string().nullable(),
  terCEP: z.string().nullable(),
  terLogradouro: z.string().nullable(),
  terNumero: z.string().nullable(),
  terComplemento: z.string().nullable(),
  terBairro: z.string().nullable(),
  terCidade: z.string().nullable(),
  terUF: z.string().nullable(),
  terTelefone1: z.string().nullable(),
  terTelefone2: z.string().nullable(),
  version: recordVersion(),
});
export type Terceiro = z.infer<typeof terceiroRecordSchema>;

/** GET process/terceiros/{terId}/{terTipo}/{document}: is the document valid for the type and free? */
export const terceiroDocumentCheckSchema = z.object({ valid: z.boolean(), message: z.string() });
export type TerceiroDocumentCheck = z.infer<typeof terceiroDocumentCheckSchema>;

/** GET cep/{cep} (spec 3 §3 "CEP lookup response"). */
export const cepAddressSchema = z.object({
  logradouro: z.string(),
  tipoLogradouro: z.string(),
  bairro: z.string(),
  cidade: z.string(),
  uf: z.string(),
});
export type CepAddress = z.infer<typeof cepAddressSchema>;
