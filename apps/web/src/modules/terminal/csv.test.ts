import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it("writes ';'-separated lines with a BOM, quoting what needs it and leaving null empty", () => {
    expect(
      toCsv(
        ['id', 'nome', 'obs'],
        [
          ['1', 'João; Maria', null],
          ['2', 'Diz "oi"', 'linha\nnova'],
        ],
      ),
    ).toBe('\uFEFFid;nome;obs\r\n1;"João; Maria";\r\n2;"Diz ""oi""";"linha\nnova"\r\n');
  });
});
