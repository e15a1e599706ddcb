import { describe, expect, it } from 'vitest';
import { PeopleIndex, type IndexedPerson } from './people-index.js';
import { foldName } from './search.service.js';

/**
 * The index's data structures (sorted lists, trigram rank lists, people changed since the last rebuild)
 * against a plain reading of the search rules over every person, through random changes. The database
 * equivalence is proven in people-index.test.ts.
 */
const FIRST = ['Maria', 'José', 'Ana', 'João', 'Antônio', 'Luíza', 'Mário', 'Conceição', 'Zélia', 'Íris'];
const LAST = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Magalhães', 'Araújo', 'Lima', 'Mariano', 'Anacleto', 'Sá'];

function randomGenerator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function person(id: number, name: string, terceiro: boolean, doc: string | null, numero: string | null): IndexedPerson {
  return {
    cstId: id,
    parentId: null,
    custName: name,
    searchName: foldName(name),
    custNumeroInterno: numero,
    custCPF: doc,
    birth: null,
    deceased: null,
    custSituacao: null,
    custPerfil: null,
    custPhotoKey: null,
    socio: 'N',
    titular: null,
    isTerceiro: terceiro,
    celDdd: null,
    cel: null,
    ph1Ddd: null,
    ph1: null,
    ph2Ddd: null,
    ph2: null,
  };
}

/** The rules, read plainly: every person filtered and sorted. */
function expectedNames(people: IndexedPerson[], words: string[]) {
  const byName = (a: IndexedPerson, b: IndexedPerson) => (a.searchName < b.searchName ? -1 : a.searchName > b.searchName ? 1 : a.cstId - b.cstId);
  const [first, ...others] = words;
  const starts = (p: IndexedPerson) => p.searchName.startsWith(first!) && others.every((w) => p.searchName.includes(w));
  const contains = (p: IndexedPerson) => !p.searchName.startsWith(first!) && words.every((w) => p.searchName.includes(w));
  const pick = (terceiro: boolean, rule: (p: IndexedPerson) => boolean) =>
    people
      .filter((p) => p.isTerceiro === terceiro && rule(p))
      .sort(byName)
      .slice(0, 30);
  const pm = pick(false, starts);
  const pt = pick(true, starts);
  const ranked = [...pm, ...pt].map((p) => ({ p, g: 0 }));
  if (pm.length < 30) ranked.push(...pick(false, contains).map((p) => ({ p, g: 1 })));
  if (pm.length + pt.length < 30) ranked.push(...pick(true, contains).map((p) => ({ p, g: 1 })));
  const collator = new Intl.Collator('pt-BR');
  ranked.sort(
    (a, b) =>
      a.g - b.g ||
      (a.p.searchName < b.p.searchName ? -1 : a.p.searchName > b.p.searchName ? 1 : 0) ||
      collator.compare(a.p.custName, b.p.custName) ||
      Number(a.p.isTerceiro) - Number(b.p.isTerceiro) ||
      a.p.cstId - b.p.cstId,
  );
  return ranked.slice(0, 30).map((r) => r.p.cstId);
}

describe('PeopleIndex', () => {
  it('gives the answer of the plain rules through inserts, renames and removals, before and after rebuilds', () => {
    const random = randomGenerator(7);
    const pickOne = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
    const randomName = () =>
      `${pickOne(FIRST)} ${random() < 0.5 ? `${pickOne(FIRST)} ` : ''}${pickOne(LAST)}${random() < 0.3 ? ` ${pickOne(LAST)}` : ''}`;
    const people = new Map<string, IndexedPerson>();
    const key = (p: IndexedPerson) => `${p.isTerceiro ? 't' : 'm'}${p.cstId}`;
    for (let id = 1; id <= 1500; id++) {
      const terceiro = id % 10 === 0;
      const p = person(id, randomName(), terceiro, String(10_000_000_000 + id * 7), terceiro ? null : String(1_000_000 + id));
      people.set(key(p), p);
    }
    // A small rebuild threshold, so the run goes through several rebuilds.
    const index = new PeopleIndex({ rebuildAfter: 40 });
    const load = () => {
      index.members.reset([...people.values()].filter((p) => !p.isTerceiro));
      index.terceiros.reset([...people.values()].filter((p) => p.isTerceiro));
    };
    load();
    const queries = [
      ['maria'],
      ['silva'],
      ['ana'],
      ['mari'],
      ['ariano'],
      ['sa'],
      ['jose', 'silva'],
      ['silva', 'jose'],
      ['conceicao'],
      ['iris', 'sa'],
      ['lima'],
      ['a'],
      ['zz'],
    ];
    const check = () => {
      for (const words of queries) {
        const found = index.searchNames(words);
        expect(
          found.map((r) => r.cstId),
          words.join(' '),
        ).toEqual(expectedNames([...people.values()], words));
        for (const row of found) expect(row, words.join(' ')).toBe(people.get(key(row as IndexedPerson)));
      }
      for (const p of people.values()) {
        if (p.custCPF)
          expect(index.searchDigits({ digits: p.custCPF, numero: null, cpf: [p.custCPF, p.custCPF], document: [p.custCPF, p.custCPF] })).toContain(p);
      }
    };
    check();
    let nextId = 2000;
    for (let step = 0; step < 300; step++) {
      const roll = random();
      const all = [...people.values()];
      if (roll < 0.3) {
        const p = person(nextId++, randomName(), random() < 0.1, null, null);
        people.set(key(p), p);
        (p.isTerceiro ? index.terceiros : index.members).upsert(p);
      } else if (roll < 0.5) {
        // Same name and documents, another phone (replaced in place: the answers must carry the new row).
        const old = pickOne(all);
        const p = { ...old, cel: String(900_000_000 + step) };
        people.set(key(p), p);
        (p.isTerceiro ? index.terceiros : index.members).upsert(p);
      } else if (roll < 0.8) {
        const old = pickOne(all);
        const p = { ...old, custName: randomName() };
        p.searchName = foldName(p.custName);
        people.set(key(p), p);
        (p.isTerceiro ? index.terceiros : index.members).upsert(p);
      } else {
        const old = pickOne(all);
        people.delete(key(old));
        (old.isTerceiro ? index.terceiros : index.members).remove(old.cstId);
      }
      if (step % 10 === 0) check();
    }
    check();
  });

  it('finds by document ranges, exact matches first', () => {
    const index = new PeopleIndex();
    index.members.reset([
      person(1, 'Beatriz Um', false, '12345678901', '0100001'),
      person(2, 'Alice Dois', false, '12345000000', '0100002'),
      person(3, 'Carla Três', false, '99999999999', '1234567'),
    ]);
    index.terceiros.reset([person(9, 'Empresa Nove', true, '12345678000190', null)]);
    const search = (digits: string) =>
      index
        .searchDigits({
          digits,
          numero: digits.length <= 7 ? [digits.padEnd(7, '0'), digits.padEnd(7, '9')] : null,
          cpf: digits.length <= 11 ? [digits.padEnd(11, '0'), digits.padEnd(11, '9')] : null,
          document: digits.length <= 14 ? [digits.padEnd(14, '0'), digits.padEnd(14, '9')] : null,
        })
        .map((r) => r.cstId);
    expect(search('12345')).toEqual([2, 1, 3, 9]);
    expect(search('1234567')).toEqual([3, 1, 9]); // the exact internal number first
    expect(search('12345678901')).toEqual([1]);
    expect(search('0100')).toEqual([2, 1]); // both by internal number, in name order
  });
});
