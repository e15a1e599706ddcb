import { describe, expect, it } from 'vitest';
import { buildMemberBody, isChangedItem, isMarkedItem } from './memberBody';

const member = {
  cstId: 12,
  version: 3,
  custName: 'Maria Souza',
  custTitular: true,
  idade: 50,
  enderecoResidencial: { adZipcode: '01001000', adNumber: '10' },
  bankAccount: { bnkId: 1, bnkaccBranch: '1234' },
  extratoDatas: [{ value: -1, label: 'Atual' }],
  irDatas: [{ value: 2025, label: '2025' }],
  falecidos: [{ value: 3, label: 'João' }],
  fieldDiffs: ['custName'],
  parentFilhos: [
    { cstId: 20, custName: 'Filho Sem Mudança', operation: '-', usuarioServicos: [] },
    {
      cstId: 21,
      custName: 'Filha Editada',
      operation: 'update',
      usuarioServicos: [
        { cslId: 1, svcId: 4, operation: 'delete' },
        { cslId: 2, svcId: 5, operation: '-' },
        { cslId: 3, svcId: 6 },
      ],
    },
    { cstId: -1, custName: 'Novo Dependente', operation: 'insert', usuarioServicos: [{ cslId: -1, svcId: 7, operation: 'insert' }] },
  ],
  documentos: [
    { scanId: 1, description: 'RG' },
    { scanId: 2, description: 'CPF', operation: 'delete' },
  ],
  usuarioServicos: [
    { cslId: 9, svcId: 170, operation: 'none' },
    { cslId: 10, svcId: 171, operation: '-' },
  ],
  cobrancas: [],
  tags: [{ id: 1 }],
};

describe('buildMemberBody (POST/PUT user/{cstId} body, spec 1 §7)', () => {
  it('leaves out extratoDatas, irDatas and the other values the reply adds for the screen, and keeps every other field', () => {
    const body = buildMemberBody(member);
    for (const key of ['extratoDatas', 'irDatas', 'fieldDiffs', 'falecidos', 'custTitular', 'idade']) expect(body).not.toHaveProperty(key);
    expect(body).toMatchObject({
      cstId: 12,
      version: 3,
      custName: 'Maria Souza',
      enderecoResidencial: member.enderecoResidencial,
      bankAccount: member.bankAccount,
    });
    // A list that is not one of the member's child lists is sent as it is.
    expect(body.tags).toEqual([{ id: 1 }]);
  });

  it("keeps the items with a marker: items lacking one or marked '-' are removed, also in a dependent's services", () => {
    const body = buildMemberBody(member);
    expect(body.parentFilhos).toEqual([
      { cstId: 21, custName: 'Filha Editada', operation: 'update', usuarioServicos: [{ cslId: 1, svcId: 4, operation: 'delete' }] },
      { cstId: -1, custName: 'Novo Dependente', operation: 'insert', usuarioServicos: [{ cslId: -1, svcId: 7, operation: 'insert' }] },
    ]);
    expect(body.documentos).toEqual([{ scanId: 2, description: 'CPF', operation: 'delete' }]);
    // 'none' is a marker (the row is sent, unchanged: the Sócio rules read it).
    expect(body.usuarioServicos).toEqual([{ cslId: 9, svcId: 170, operation: 'none' }]);
    expect(body.cobrancas).toEqual([]);
  });

  it('does not change the values it is given', () => {
    const copy = structuredClone(member);
    buildMemberBody(member);
    expect(member).toEqual(copy);
  });

  it('markers: sent (any but - or nothing) and pending (insert, update, delete)', () => {
    expect([{ operation: 'insert' }, { operation: 'none' }, { operation: '-' }, {}, null].map(isMarkedItem)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect([{ operation: 'delete' }, { operation: 'none' }, { operation: '-' }, {}].map(isChangedItem)).toEqual([true, false, false, false]);
  });
});
