import { describe, expect, it } from 'vitest';
import { genericMessages as m } from '../messages.js';
import { documentKeyParamsSchema, memberDocumentItemSchema, memberDocumentMessages as dm } from './member-document.schema.js';
import { memberSchema } from './member.schema.js';

const KEY = '0b7c7a2e-4f1d-4c3a-9e55-7d2f1a8b9c10';
const messageAt = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, path: string) =>
  result.error?.issues.find((i) => i.path.join('.') === path)?.message;

describe('document row (spec 1 §3, §5 scan modal)', () => {
  it('accepts a new row with the upload key and a description of 5 characters or more (trimmed)', () => {
    const row = memberDocumentItemSchema.parse({ key: KEY, description: '  Carteira  ', operation: 'insert' });
    expect(row).toEqual({ key: KEY, description: 'Carteira', operation: 'insert' });
  });

  it('refuses a description under 5 characters, a missing or malformed key and an unknown marker', () => {
    expect(messageAt(memberDocumentItemSchema.safeParse({ key: KEY, description: 'abcd', operation: 'insert' }), 'description')).toBe(m.minLength(5));
    expect(messageAt(memberDocumentItemSchema.safeParse({ key: '', description: 'Documento', operation: 'insert' }), 'key')).toBe(m.required);
    expect(messageAt(memberDocumentItemSchema.safeParse({ key: '../x', description: 'Documento', operation: 'insert' }), 'key')).toBe(dm.invalidKey);
    expect(memberDocumentItemSchema.safeParse({ key: KEY, description: 'Documento', operation: 'x' }).success).toBe(false);
  });

  it('is the item schema of documentos in the member schema', () => {
    const result = memberSchema.safeParse({ documentos: [{ key: KEY, description: 'abc', operation: 'insert' }] });
    expect(messageAt(result, 'documentos.0.description')).toBe(m.minLength(5));
  });

  it('GET user/doc takes a scanId or a key, nothing else', () => {
    expect(documentKeyParamsSchema.safeParse({ key: '42' }).success).toBe(true);
    expect(documentKeyParamsSchema.safeParse({ key: KEY }).success).toBe(true);
    for (const key of ['abc', '-1', '1.5', `${KEY}x`, '../etc/passwd']) expect(documentKeyParamsSchema.safeParse({ key }).success).toBe(false);
  });
});
