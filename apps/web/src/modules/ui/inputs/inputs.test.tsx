import { cepContracts } from '@assoc/domain';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, mockContract } from '../../../test/api-mock';
import { CepInput, CpfInput, DateInput, maskCpf, maskPhone, MoneyInput, PhoneInput } from '.';

const wrap = (node: ReactNode) =>
  render(
    <MantineProvider>
      <DatesProvider settings={{ locale: 'pt-br' }}>{node}</DatesProvider>
    </MantineProvider>,
  );

/** Holds one value like the form layer does and shows it as JSON. */
function Harness<T>({ initial, children }: { initial: T; children: (value: T, set: (v: T) => void) => ReactNode }) {
  const [value, setValue] = useState<T>(initial);
  return (
    <>
      {children(value, setValue)}
      <output data-testid="stored">{JSON.stringify(value)}</output>
      <button type="button">fora</button>
    </>
  );
}
const stored = () => JSON.parse(screen.getByTestId('stored').textContent!);

describe('MoneyInput', () => {
  it('shows integer cents as R$ 1.234,56', () => {
    wrap(<MoneyInput label="Valor" value={123456} onChange={() => {}} />);
    expect(screen.getByLabelText('Valor')).toHaveValue('R$ 1.234,56');
  });

  it('reads 1234,5 as 123450 cents (no float), and shows it formatted once left', async () => {
    const user = userEvent.setup();
    wrap(<Harness<number | null> initial={null}>{(value, set) => <MoneyInput label="Valor" value={value} onChange={set} />}</Harness>);
    await user.type(screen.getByLabelText('Valor'), '1234,5');
    expect(stored()).toBe(123450);
    await user.tab();
    expect(screen.getByLabelText('Valor')).toHaveValue('R$ 1.234,50');
    await user.clear(screen.getByLabelText('Valor'));
    expect(stored()).toBeNull();
    await user.type(screen.getByLabelText('Valor'), '0,29');
    expect(stored()).toBe(29);
  });
});

describe('CpfInput', () => {
  it('masks 000.000.000-00, stores digits and flags an invalid CPF once left', async () => {
    const user = userEvent.setup();
    wrap(<Harness initial="">{(value, set) => <CpfInput value={value} onChange={set} />}</Harness>);
    const input = screen.getByLabelText('CPF');
    await user.type(input, '12345678909');
    expect(input).toHaveValue('123.456.789-09');
    expect(stored()).toBe('12345678909');
    await user.tab();
    expect(screen.queryByText('CPF Inválido')).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '12345678900');
    expect(screen.getByText('CPF Inválido')).toBeInTheDocument();
    expect(maskCpf('1234')).toBe('123.4');
  });
});

describe('PhoneInput', () => {
  it('shows (11) 91234-5678 or (11) 1234-5678 and stores digits', async () => {
    const user = userEvent.setup();
    wrap(<Harness initial="">{(value, set) => <PhoneInput label="Celular" value={value} onChange={set} />}</Harness>);
    const input = screen.getByLabelText('Celular');
    await user.type(input, '11912345678');
    expect(input).toHaveValue('(11) 91234-5678');
    expect(stored()).toBe('11912345678');
    expect(maskPhone('1112345678')).toBe('(11) 1234-5678');
    expect(maskPhone('1')).toBe('(1');
  });
});

describe('DateInput', () => {
  it('stores ISO for a typed DD/MM/YYYY date and null while incomplete or invalid', async () => {
    const user = userEvent.setup();
    wrap(<Harness<string | null> initial={null}>{(value, set) => <DateInput label="Nascimento" value={value} onChange={set} />}</Harness>);
    const input = screen.getByLabelText('Nascimento');
    await user.type(input, '31/12/2024');
    expect(stored()).toBe('2024-12-31');
    await user.clear(input);
    await user.type(input, '31/02/20');
    expect(stored()).toBeNull();
    await user.type(input, '24');
    expect(stored()).toBeNull(); // 31/02/2024 does not exist
  });
});

describe('DateInput: a date that is not real (issue 22 item 20)', () => {
  it('keeps 31/02/1990 as typed, stores null and says "Data inválida" (also to the form), cleared by a real date', async () => {
    const user = userEvent.setup();
    const onInvalid = vi.fn();
    wrap(
      <Harness<string | null> initial={null}>
        {(value, set) => <DateInput label="Nascimento" value={value} onChange={set} error="Campo obrigatório" onInvalid={onInvalid} />}
      </Harness>,
    );
    const input = screen.getByLabelText('Nascimento');
    await user.type(input, '31/02/1990');
    expect(input).toHaveValue('31/02/1990');
    expect(stored()).toBeNull();
    expect(screen.getByText('Data inválida')).toBeInTheDocument();
    expect(screen.queryByText('Campo obrigatório')).not.toBeInTheDocument();
    expect(onInvalid).toHaveBeenLastCalledWith('Data inválida');
    await user.click(screen.getByRole('button', { name: 'fora' }));
    expect(input).toHaveValue('31/02/1990');
    await user.clear(input);
    await user.type(input, '28/02/1990');
    expect(stored()).toBe('1990-02-28');
    expect(screen.queryByText('Data inválida')).not.toBeInTheDocument();
    expect(onInvalid).toHaveBeenLastCalledWith('');
  });

  it('incomplete text is judged once the field is left', async () => {
    const user = userEvent.setup();
    wrap(<Harness<string | null> initial={null}>{(value, set) => <DateInput label="Admissão" value={value} onChange={set} />}</Harness>);
    await user.type(screen.getByLabelText('Admissão'), '12/1');
    expect(screen.queryByText('Data inválida')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Data inválida')).toBeInTheDocument();
    expect(screen.getByLabelText('Admissão')).toHaveValue('12/1');
  });
});

describe('CepInput', () => {
  it('masks 00000-000, looks the CEP up once complete and hands the address over', async () => {
    mockApi([
      mockContract(
        cepContracts.lookup,
        {
          body: { logradouro: 'Avenida Paulista', tipoLogradouro: 'Avenida', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP' },
        },
        { params: { cep: '01310100' } },
      ),
    ]);
    const user = userEvent.setup();
    const onAddress = vi.fn();
    wrap(<Harness initial="">{(value, set) => <CepInput value={value} onChange={set} onAddress={onAddress} />}</Harness>);
    await user.type(screen.getByLabelText('CEP'), '01310100');
    expect(screen.getByLabelText('CEP')).toHaveValue('01310-100');
    expect(stored()).toBe('01310-100');
    await vi.waitFor(() => expect(onAddress).toHaveBeenCalledWith(expect.objectContaining({ cidade: 'São Paulo', uf: 'SP' })));
  });
});
