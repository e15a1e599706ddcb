/**
 * An array kept sorted by `compare`, for the in-process search index: binary-search insert and remove
 * (a memmove of at most a few hundred kilobytes, cheap next to a query round trip) and ordered walks
 * from a lower bound.
 */
export class SortedList<T> {
  private items: T[] = [];

  constructor(private readonly compare: (a: T, b: T) => number) {}

  get length() {
    return this.items.length;
  }

  /** Replaces the content (sorts a copy once: cheaper than inserting one by one). */
  reset(items: T[]) {
    this.items = [...items].sort(this.compare);
  }

  insert(item: T) {
    this.items.splice(
      this.lowerBound((other) => this.compare(other, item) < 0),
      0,
      item,
    );
  }

  /** Removes the item equal to `item` under `compare` (the same object or one with the same key). */
  remove(item: T) {
    const at = this.lowerBound((other) => this.compare(other, item) < 0);
    if (at < this.items.length && this.compare(this.items[at]!, item) === 0) this.items.splice(at, 1);
  }

  /**
   * Puts `item` in the place of `old`, which `compare` finds equal to it (the same key): no items move. Answers
   * false, changing nothing, when `old` is not in the list.
   */
  replace(old: T, item: T) {
    const at = this.lowerBound((other) => this.compare(other, old) < 0);
    if (at >= this.items.length || this.items[at] !== old) return false;
    this.items[at] = item;
    return true;
  }

  /** Index of the first item for which `before` is false (`before` must be true, then false, along the list). */
  lowerBound(before: (item: T) => boolean) {
    return lowerBoundBy(this.items, before);
  }

  /** Visits the items from position `from` on, in order; stops when `visit` returns false. */
  walk(from: number, visit: (item: T) => boolean | void) {
    for (let i = from; i < this.items.length; i++) {
      if (visit(this.items[i]!) === false) return;
    }
  }
}

/** Index of the first item of `list` for which `before` is false (`before` must be true, then false, along it). */
export function lowerBoundBy<T>(list: readonly T[], before: (item: T) => boolean) {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(list[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
