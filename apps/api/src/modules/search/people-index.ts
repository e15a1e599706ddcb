import { lowerBoundBy, SortedList } from './sorted-list.js';
import type { SuggestionRow } from './search.repository.js';

/**
 * The in-process search index (docs/decisions/0002-member-search.md): every searchable person as the
 * suggestion row the SQL search would return, plus its accent-less name, answering the same questions
 * as nameSearchSql and DIGITS_SEARCH_SQL with the same results in the same order, without a query.
 * This module is pure data; people-index.feed.ts loads it and keeps it current.
 */
export type IndexedPerson = SuggestionRow & { searchName: string };

const LIMIT = 30;

const collator = new Intl.Collator('pt-BR');

/** The accent-less name in byte order (search_name collate "C"), then the key: the btree order. */
const byNameThenId = (a: IndexedPerson, b: IndexedPerson) => (a.searchName < b.searchName ? -1 : a.searchName > b.searchName ? 1 : a.cstId - b.cstId);

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

const NO_RANKS = new Int32Array(0);

/** First position at or after `from` whose value is ≥ `value` (the list ascends). */
function lowerBoundOf(list: Int32Array, value: number, from: number) {
  let lo = from;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** One kind of person (members or third parties): by id, by name, by each document, and name trigrams. */
class PeopleSet {
  readonly byId = new Map<number, IndexedPerson>();
  readonly byName = new SortedList<IndexedPerson>(byNameThenId);
  readonly byDocument = new Map<DocumentKey, SortedList<IndexedPerson>>();
  /** Everyone in name order as of the last rebuild; a rank is a position here. */
  private ranked: IndexedPerson[] = [];
  /** Ranks (ascending) of the people whose accent-less name held each trigram at the last rebuild. */
  private trigrams = new Map<string, Int32Array>();
  /**
   * People added or changed since the last rebuild: their trigram entries are missing or stale (and out
   * of order), so the contains search checks them one by one; a rebuild empties the set.
   */
  private readonly changed = new Set<number>();

  constructor(
    private readonly documents: DocumentKey[],
    private readonly rebuildAfter: number,
  ) {
    for (const key of documents) {
      this.byDocument.set(
        key,
        new SortedList<IndexedPerson>((a, b) => {
          const x = a[key]!;
          const y = b[key]!;
          return x < y ? -1 : x > y ? 1 : a.cstId - b.cstId;
        }),
      );
    }
  }

  reset(people: IndexedPerson[]) {
    this.byId.clear();
    this.changed.clear();
    for (const person of people) this.byId.set(person.cstId, person);
    this.byName.reset(people);
    for (const key of this.documents) this.byDocument.get(key)!.reset(people.filter((p) => p[key]));
    this.ranked = [];
    const lists = new Map<string, number[]>();
    this.byName.walk(0, (person) => {
      const rank = this.ranked.push(person) - 1;
      for (const trigram of trigramsOf(person.searchName)) {
        const ranks = lists.get(trigram);
        if (ranks) ranks.push(rank);
        else lists.set(trigram, [rank]);
      }
    });
    this.trigrams = new Map([...lists].map(([trigram, ranks]) => [trigram, Int32Array.from(ranks)]));
  }

  upsert(person: IndexedPerson) {
    const old = this.byId.get(person.cstId);
    if (old && this.replaceInPlace(old, person)) return;
    if (old) this.remove(old.cstId);
    this.byId.set(person.cstId, person);
    this.byName.insert(person);
    for (const key of this.documents) if (person[key]) this.byDocument.get(key)!.insert(person);
    this.changed.add(person.cstId);
    if (this.changed.size > this.rebuildAfter) this.reset([...this.byId.values()]);
  }

  /**
   * A change that keeps the name and the documents (a phone, an e-mail, a status: most saves) keeps every place:
   * the new row takes the old one's in each list and in the rebuild's name order, so nothing moves (a 60,000-row
   * splice per list) and the trigram lists stay exact. False when a key changed or a place does not hold `old`.
   */
  private replaceInPlace(old: IndexedPerson, person: IndexedPerson) {
    if (old.searchName !== person.searchName || this.documents.some((key) => old[key] !== person[key])) return false;
    const rank = this.changed.has(old.cstId) ? -1 : lowerBoundBy(this.ranked, (p) => byNameThenId(p, old) < 0);
    if (rank >= 0 && this.ranked[rank] !== old) return false;
    if (!this.byName.replace(old, person)) return false;
    for (const key of this.documents) if (person[key]) this.byDocument.get(key)!.replace(old, person);
    if (rank >= 0) this.ranked[rank] = person;
    this.byId.set(person.cstId, person);
    return true;
  }

  remove(id: number) {
    const old = this.byId.get(id);
    if (!old) return;
    this.byId.delete(id);
    this.changed.delete(id);
    this.byName.remove(old);
    for (const key of this.documents) if (old[key]) this.byDocument.get(key)!.remove(old);
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
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
    if (longest.length < 3) {
      // No trigram to narrow with (words of one or two letters): the names in order.
      const all: IndexedPerson[] = [];
      this.byName.walk(0, (p) => {
        if (matches(p)) all.push(p);
        return all.length < LIMIT;
      });
      return all;
    }
    // The people holding every trigram of the longest word, walked in name order (the rarest list
    // drives, the others are searched by bisection): the first 30 that match are the answer...
    const lists = [...trigramsOf(longest)].map((t) => this.trigrams.get(t) ?? NO_RANKS).sort((a, b) => a.length - b.length);
    const found: IndexedPerson[] = [];
    const at = lists.map(() => 0);
    candidates: for (const rank of lists[0]!) {
      for (let k = 1; k < lists.length; k++) {
        const list = lists[k]!;
        const i = lowerBoundOf(list, rank, at[k]!);
        at[k] = i;
        if (i === list.length) break candidates;
        if (list[i] !== rank) continue candidates;
      }
      const p = this.ranked[rank]!;
      // Skip the stale: removed or replaced since the rebuild (the replacements are checked below).
      if (this.byId.get(p.cstId) !== p) continue;
      if (matches(p) && found.push(p) === LIMIT) break;
    }
    // ...together with the people changed since the rebuild, checked one by one.
    let recent = false;
    for (const id of this.changed) {
      const p = this.byId.get(id)!;
      if (matches(p)) {
        found.push(p);
        recent = true;
      }
    }
    return recent ? found.sort(byNameThenId).slice(0, LIMIT) : found;
  }

  /** First people (document order) whose document lies in [low, high]. */
  documentBetween(key: DocumentKey, [low, high]: [string, string]) {
    const list = this.byDocument.get(key)!;
    const found: IndexedPerson[] = [];
    list.walk(
      list.lowerBound((p) => p[key]! < low),
      (p) => {
        if (p[key]! > high) return false;
        found.push(p);
        return found.length < LIMIT;
      },
    );
    return found;
  }
}

/** Everything a search answers from: members (holders and dependents) and live third parties. */
export class PeopleIndex {
  readonly members: PeopleSet;
  readonly terceiros: PeopleSet;

  /** `rebuildAfter`: changes applied one by one before the trigram lists are rebuilt (about 0.1 s for 60,000 people). */
  constructor({ rebuildAfter = 1000 }: { rebuildAfter?: number } = {}) {
    this.members = new PeopleSet(['custNumeroInterno', 'custCPF'], rebuildAfter);
    this.terceiros = new PeopleSet(['custCPF'], rebuildAfter);
  }

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
    return ranked
      .sort(rankOrder)
      .slice(0, LIMIT)
      .map((r) => r.person);
  }

  /** Number search, same answer as DIGITS_SEARCH_SQL: exact internal number or CPF/CNPJ first, then prefixes. */
  searchDigits(params: {
    digits: string;
    numero: [string, string] | null;
    cpf: [string, string] | null;
    document: [string, string] | null;
  }): SuggestionRow[] {
    const members = new Map<number, IndexedPerson>();
    if (params.numero) for (const p of this.members.documentBetween('custNumeroInterno', params.numero)) members.set(p.cstId, p);
    if (params.cpf) for (const p of this.members.documentBetween('custCPF', params.cpf)) members.set(p.cstId, p);
    const ranked: Ranked[] = [...members.values()].map((person) => ({
      person,
      group: person.custNumeroInterno === params.digits || person.custCPF === params.digits ? 0 : 1,
    }));
    if (params.document) {
      for (const person of this.terceiros.documentBetween('custCPF', params.document)) {
        ranked.push({ person, group: person.custCPF === params.digits ? 0 : 1 });
      }
    }
    return ranked
      .sort(rankOrder)
      .slice(0, LIMIT)
      .map((r) => r.person);
  }
}
