import { describe, expect, it } from 'vitest';
import { readPhoneInvoice } from './phone-invoice.parse.js';

const line = (n: number, ...cells: string[]) => ({ line: n, cells });

describe('the phone invoice reader (Importar arquivo, fatura-celular)', () => {
  it('reads calls after a header: line digits, pt-BR date, time, quantity and reais in cents', () => {
    const read = readPhoneInvoice([
      line(1, 'Linha', 'Data', 'Hora', 'Destino', 'Tipo', 'Quantidade', 'Valor'),
      line(2, '(11) 91234-5678', '05/10/2026', '08:15', '1133334444', 'Ligação local', '3', '1,25'),
      line(3, '1191234567', '2026-10-06', '23:59:30', 'Internet', 'Dados', '250', '0'),
      line(4, '11912345678', '07/10/2026', '12:00', '11988887777', 'SMS', '1', 'R$ 1.234,56'),
    ]);
    expect(read.problems).toEqual([]);
    expect(read.calls).toEqual([
      {
        line: 2,
        phone: '11912345678',
        date: '2026-10-05',
        time: '08:15:00',
        destination: '1133334444',
        kind: 'Ligação local',
        quantity: 3,
        value: 125,
      },
      { line: 3, phone: '1191234567', date: '2026-10-06', time: '23:59:30', destination: 'Internet', kind: 'Dados', quantity: 250, value: 0 },
      { line: 4, phone: '11912345678', date: '2026-10-07', time: '12:00:00', destination: '11988887777', kind: 'SMS', quantity: 1, value: 123_456 },
    ]);
  });

  it('lists each malformed line with its number and reason', () => {
    const read = readPhoneInvoice([
      line(1, '11912345678', '31/02/2026', '08:15', 'x', 'y', '1', '1,00'),
      line(2, '119123', '01/02/2026', '08:15', 'x', 'y', '1', '1,00'),
      line(3, '11912345678', '01/02/2026', '25:00', 'x', 'y', '1', '1,00'),
      line(4, '11912345678', '01/02/2026', '08:00', 'x', 'y', 'dois', '1,00'),
      line(5, '11912345678', '01/02/2026', '08:00', 'x', 'y', '2', 'um real'),
      line(6, '11912345678', '01/02/2026', '08:00'),
      line(7, '11912345678', '01/02/2026', '08:00', '', 'y', '2', '1'),
    ]);
    expect(read.calls).toEqual([]);
    expect(read.problems.map((p) => p.message)).toEqual([
      'Linha 1: data inválida (DD/MM/AAAA)',
      'Linha 2: número da linha inválido (10 ou 11 dígitos)',
      'Linha 3: hora inválida (HH:MM)',
      'Linha 4: quantidade inválida',
      'Linha 5: valor inválido',
      'Linha 6: faltam colunas (linha, data, hora, destino, tipo, quantidade, valor)',
      'Linha 7: destino ou tipo vazio ou longo demais',
    ]);
  });
});
