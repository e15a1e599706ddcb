import { SortedList } from './sorted-list.js';
import type { SuggestionRow } from './search.repository.js';

/**
 * The in-process search index (docs/decisions/0002-member-search.md): every searchable person as the
 * suggestion row the SQL search would return, plus its accent-less name, answering the same questions
 * as nameSearchSql and DIGITS_SEARCH_SQL with the same results in the same order, without a query.
 * This module is pure data; people-index.feed.ts loads it and keeps it current.
 */
export type IndexedPerson = SuggestionRow & { searchName: string };

/** Alphabetical walk before the trigram lookup, as the SQL search (WALK_ROWS). */
const WALK_ROWS = 2000;
const LIMIT = 30;

const collator = new Intl.Collator('pt-BR');

/** The accent-less name in byte order (search_name collate "C"), then the key: the btree order. */
const byNameThenId = (a: IndexedPerson, b: IndexedPerson) =>
  (a.searchName < b.searchName ? -1 : a.searchName > b.searchName ? 1 : a.cstId - b.cstId);

type Ranked = { person: IndexedPerson; group: number };

/** NAME_ORDER of the SQL: group, accent-less name in byte order, pt-BR name, third parties last, id. */
function rankOrder(a: Ranked, b: Ranked) {
  if (a.group !== b.group) return a.group - b.group;
  const p = a.person;
  const q = b.person;
  if (p.searchName !== q.searchName) return p.searchName < q.searchName ? -1 : 1;
  const byName = collator.compare(p.custName, q.custName);
  if (byName) return byName;
  if (p.isTerceiro !== q.isTerceiro) return p.isTerceiro ? 1 : -1;
  return p.cstId - q.cstId;
}

const trigramsOf = (text: string) => {
  const out = new Set<string>();
  for (let i = 0; i + 3 <= text.length; i++) out.add(text.slice(i, i + 3));
  return out;
};

type DocumentKey = 'custNumeroInterno' | 'custCPF';

/** One kind of person (members or third parties): by id, by name, by each document, and name trigrams. */
class PeopleSet {
  readonly byId = new Map<number, IndexedPerson>();
  readonly byName = new SortedList<IndexedPerson>(byNameThenId);
  readonly byDocument = new Map<DocumentKey, SortedList<IndexedPerson>>();
  /**
   * Ids per trigram of the accent-less name. Ids are only added: a renamed person keeps stale
   * entries, which the match check drops (renames are rare; a full reload rebuilds the lists).
   */
  private trigrams = new Map<string, number[]>();

  constructor(private readonly documents: DocumentKey[]) {
    for (const key of documents) {
      this.byDocument.set(key, new SortedList<IndexedPerson>((a, b) => {
        const x = a[key]!;
        const y = b[key]!;
        return x < y ? -1 : x > y ? 1 : a.cstId - b.cstId;
      }));
    }
  }

  reset(people: IndexedPerson[]) {
    this.byId.clear();
    this.trigrams = new Map();
    for (const person of people) {
      this.byId.set(person.cstId, person);
      this.addTrigrams(person);
    }
    this.byName.reset(people);
    for (const key of this.documents) this.byDocument.get(key)!.reset(people.filter((p) => p[key]));
  }

  upsert(person: IndexedPerson) {
    const old = this.byId.get(person.cstId);
    if (old) this.remove(old.cstId);
    this.byId.set(person.cstId, person);
    this.byName.insert(person);
    for (const key of this.documents) if (person[key]) this.byDocument.get(key)!.insert(person);
    if (!old || old.searchName !== person.searchName) this.addTrigrams(person);
  }

  remove(id: number) {
    const old = this.byId.get(id);
    if (!old) return;
    this.byId.delete(id);
    this.byName.remove(old);
    for (const key of this.documents) if (old[key]) this.byDocument.get(key)!.remove(old);
  }

  private addTrigrams(person: IndexedPerson) {
    for (const trigram of trigramsOf(person.searchName)) {
      const ids = this.trigrams.get(trigram);
      if (ids) ids.push(person.cstId);
      else this.trigrams.set(trigram, [person.cstId]);
    }
  }

  /** First people (name order) whose name starts with `first` and contains every other word. */
  startingWith(first: string, others: string[]) {
    const found: IndexedPerson[] = [];
    const from = this.byName.lowerBound((p) => p.searchName < first);
    this.byName.walk(from, (p) => {
      if (!p.searchName.startsWith(first)) return false;
      if (others.every((w) => p.searchName.includes(w))) found.push(p);
      return found.length < LIMIT;
    });
    return found;
  }

  /** First people (name order) containing every word but not starting with the first. */
  containing(words: string[]) {
    const first = words[0]!;
    const matches = (p: IndexedPerson) => !p.searchName.startsWith(first) && words.every((w) => p.searchName.includes(w));
    // Frequent words are found in the first names of the alphabet, already in order.
    const walked: IndexedPerson[] = [];
    let seen = 0;
    this.byName.walk(0, (p) => {
      if (matches(p)) walked.push(p);
      return walked.length < LIMIT && ++seen < WALK_ROWS;
    });
    if (walked.length === LIMIT || this.byName.length <= WALK_ROWS) return walked;
    // Rarer words: the candidates of the rarest trigram of the longest word, checked and sorted.
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
    if (longest.length < 3) {
      const all: IndexedPerson[] = [];
      this.byName.walk(0, (p) => {
        if (matches(p)) all.push(p);
        return all.length < LIMIT;
      });
      return all;
    }
    let rarest: number[] = [];
    let rarestSize = Infinity;
    for (const trigram of trigramsOf(longest)) {
      const ids = this.trigrams.get(trigram) ?? [];
      if (ids.length < rarestSize) {
        rarest = ids;
        rarestSize = ids.length;
      }
    }
    const found = new Map<number, IndexedPerson>();
    for (const id of rarest) {
      const p = this.byId.get(id);
      if (p && matches(p)) found.set(id, p);
    }
    return [...found.values()].sort(byNameThenId).slice(0, LIMIT);
  }

  /** First people (document order) whose document lies in [low, high]. */
  documentBetween(key: DocumentKey, [low, high]: [string, string]) {
    const list = this.byDocument.get(key)!;
    const found: IndexedPerson[] = [];
    list.walk(list.lowerBound((p) => p[key]! < low), (p) => {
      if (p[key]! > high) return false;
      found.push(p);
      return found.length < LIMIT;
    });
    return found;
  }
}

/** Everything a search answers from: members (holders and dependents) and live third parties. */
export class PeopleIndex {
  readonly members = new PeopleSet(['custNumeroInterno', 'custCPF']);
  readonly terceiros = new PeopleSet(['custCPF']);

  get size() {
    return this.members.byId.size + this.terceiros.byId.size;
  }

  /**
   * Name search, same answer as nameSearchSql: names starting with the first word come first (members
   * and third parties), then names containing every word; each part in name order; at most 30.
   */
  searchNames(words: string[]): SuggestionRow[] {
    const [first, ...others] = words;
    if (!first) return [];
    const prefixMembers = this.members.startingWith(first, others);
    const prefixTerceiros = this.terceiros.startingWith(first, others);
    const ranked: Ranked[] = [...prefixMembers, ...prefixTerceiros].map((person) => ({ person, group: 0 }));
    if (prefixMembers.length < LIMIT) ranked.push(...this.members.containing(words).map((person) => ({ person, group: 1 })));
    if (prefixMembers.length + prefixTerceiros.length < LIMIT) {
      ranked.push(...this.terceiros.containing(words).map((person) => ({ person, group: 1 })));
    }
    return ranked.sort(rankOrder).slice(0, LIMIT).map((r) => r.person);
  }

  /** Number search, same answer as DIGITS_SEARCH_SQL: exact internal number or CPF/CNPJ first, then prefixes. */
  searchDigits(params: { digits: string; numero: [string, string] | null; cpf: [string, string] | null; document: [string, string] | null }): SuggestionRow[] {
    const members = new Map<number, IndexedPerson>();
    if (params.numero) for (const p of this.members.documentBetween('custNumeroInterno', params.numero)) members.set(p.cstId, p);
    if (params.cpf) for (const p of this.members.documentBetween('custCPF', params.cpf)) members.set(p.cstId, p);
    const ranked: Ranked[] = [...members.values()].map((person) => ({
      person, group: person.custNumeroInterno === params.digits || person.custCPF === params.digits ? 0 : 1,
    }));
    if (params.document) {
      for (const person of this.terceiros.documentBetween('custCPF', params.document)) {
        ranked.push({ person, group: person.custCPF === params.digits ? 0 : 1 });
      }
    }
    return ranked.sort(rankOrder).slice(0, LIMIT).map((r) => r.person);
  }
}
