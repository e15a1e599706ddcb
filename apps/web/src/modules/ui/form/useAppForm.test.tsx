import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../../app/api';
import { firstErrorPerField, serverFieldErrors } from './errors';
import { useAppForm } from './useAppForm';

const schema = z.object({
  nome: z.string().min(1, 'Campo obrigatório'),
  endereco: z.object({ cep: z.string().regex(/^\d{5}-\d{3}$/, 'CEP inválido'), cidade: z.string() }),
  dependentes: z.array(z.object({ nome: z.string().min(1, 'Nome do dependente') })),
});
const start = () => ({ nome: 'Ana', endereco: { cep: '01310-100', cidade: 'São Paulo' }, dependentes: [{ nome: 'Bia' }] });

describe('firstErrorPerField', () => {
  it('keeps the first message of each full path', () => {
    expect(
      firstErrorPerField([
        { path: ['endereco', 'cep'], message: 'a' },
        { path: ['endereco', 'cep'], message: 'b' },
        { path: ['dependentes', 0, 'nome'], message: 'c' },
      ]),
    ).toEqual({ 'endereco.cep': 'a', 'dependentes.0.nome': 'c' });
  });
});

describe('useAppForm', () => {
  it('starts green, turns amber on a change and back to green when undone, per-field dirty', () => {
    const { result } = renderHook(() => useAppForm(schema, start()));
    expect(result.current.ok).toEqual({ state: 'unchanged', color: 'green', disabled: true });
    act(() => result.current.setValue('endereco.cidade', 'Santos'));
    expect(result.current.ok.state).toBe('changed');
    expect(result.current.ok.color).toBe('yellow');
    expect(result.current.isDirty('endereco.cidade')).toBe(true);
    expect(result.current.isDirty('nome')).toBe(false);
    act(() => result.current.setValue('endereco.cidade', 'São Paulo'));
    expect(result.current.ok.state).toBe('unchanged');
    expect(result.current.changed).toBe(false);
  });

  it('reports errors at their full nested path, shown once the field was left', () => {
    const { result } = renderHook(() => useAppForm(schema, start()));
    act(() => result.current.setValue('endereco.cep', '0131'));
    expect(result.current.ok).toEqual({ state: 'invalid', color: 'red', disabled: true });
    expect(result.current.errors['endereco.cep']).toBe('CEP inválido');
    expect(result.current.errors.endereco).toBeUndefined();
    expect(result.current.errorOf('endereco.cep')).toBeUndefined();
    act(() => result.current.getInputProps('endereco.cep').onBlur());
    expect(result.current.errorOf('endereco.cep')).toBe('CEP inválido');
    expect(result.current.getInputProps('endereco.cep').error).toBe('CEP inválido');
  });

  it('handles child rows: errors per row, and removing a row moves the later rows up', () => {
    const { result } = renderHook(() => useAppForm(schema, start()));
    act(() => result.current.insertListItem('dependentes', { nome: '' }));
    act(() => result.current.insertListItem('dependentes', { nome: '' }));
    act(() => result.current.touch('dependentes.2.nome'));
    expect(result.current.errorOf('dependentes.1.nome')).toBeUndefined();
    expect(result.current.errorOf('dependentes.2.nome')).toBe('Nome do dependente');
    act(() => result.current.removeListItem('dependentes', 1));
    expect(result.current.values.dependentes).toHaveLength(2);
    expect(result.current.errorOf('dependentes.1.nome')).toBe('Nome do dependente');
    act(() => result.current.setValue('dependentes.1.nome', 'Caio'));
    expect(result.current.ok.state).toBe('changed');
    expect(result.current.parsed().dependentes).toEqual([{ nome: 'Bia' }, { nome: 'Caio' }]);
  });

  it('puts a server 400 on its field until the field changes; what cannot be placed comes back', () => {
    const { result } = renderHook(() => useAppForm(schema, start()));
    let unmapped: string | null = 'x';
    act(() => {
      unmapped = result.current.setServerErrors(
        new ApiError(400, 'endereco.cep: CEP inexistente', {
          message: 'endereco.cep: CEP inexistente',
          errors: [{ instancePath: '/endereco/cep', message: 'CEP inexistente' }],
        }),
      );
    });
    expect(unmapped).toBeNull();
    expect(result.current.errorOf('endereco.cep')).toBe('CEP inexistente');
    expect(result.current.valid).toBe(false);
    act(() => result.current.getInputProps('endereco.cep').onChange('04538-132'));
    expect(result.current.errorOf('endereco.cep')).toBeUndefined();
    expect(result.current.valid).toBe(true);

    act(() => {
      unmapped = result.current.setServerErrors(new ApiError(400, 'Dados inválidos', { message: 'Dados inválidos' }));
    });
    expect(unmapped).toBe('Dados inválidos');
    expect(serverFieldErrors(new ApiError(409, 'x', {}), {}).unmapped).toBeNull();
    expect(serverFieldErrors(new ApiError(400, 'nome: Campo obrigatório', { message: 'nome: Campo obrigatório' }), start()).fields).toEqual({
      nome: 'Campo obrigatório',
    });
  });
});
