import { describe, expect, it } from 'vitest';
import { followUpItemSchema, followUpUpdateSchema } from './follow-up.schema.js';
import { followUpSubjectLabel, formatFollowUpDate, subjectInDepartment } from './follow-up.lists.js';

describe('follow-up lists and row', () => {
  it('formats atdData in UTC', () => {
    expect(formatFollowUpDate('2026-01-02T03:04:05.000Z')).toBe('02/01/2026 03:04:05');
    expect(formatFollowUpDate(null)).toBe('');
    expect(formatFollowUpDate('x')).toBe('');
  });

  it('subjects 5 to 17 belong to department 1', () => {
    expect(followUpSubjectLabel(5)).toBe('Plano de Saúde');
    expect(followUpSubjectLabel(17)).toBe('Outros');
    expect(subjectInDepartment(11, 1)).toBe(true);
    expect(subjectInDepartment(4, 1)).toBe(false);
  });

  it('checks the row and the PUT body', () => {
    const row = { atdTipo: 1, atdDepartamento: 1, atdAssunto: 5, atdTitulo: 'Ok', atdStatus: 1, operation: 'insert' };
    expect(followUpItemSchema.safeParse(row).success).toBe(true);
    expect(followUpItemSchema.safeParse({ ...row, atdAssunto: 4 }).error?.issues[0]).toMatchObject({
      path: ['atdAssunto'],
      message: 'Valor não válido',
    });
    expect(followUpItemSchema.safeParse({ ...row, atdTitulo: '' }).error?.issues[0]).toMatchObject({
      path: ['atdTitulo'],
      message: 'Campo obrigatório',
    });
    expect(followUpUpdateSchema.safeParse({ ...row, version: 2 }).success).toBe(true);
    expect(followUpUpdateSchema.safeParse(row).success).toBe(false);
  });
});
