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

  /** Index of the first item for which `before` is false (`before` must be true, then false, along the list). */
  lowerBound(before: (item: T) => boolean) {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.items[mid]!)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Visits the items from position `from` on, in order; stops when `visit` returns false. */
  walk(from: number, visit: (item: T) => boolean | void) {
    for (let i = from; i < this.items.length; i++) {
      if (visit(this.items[i]!) === false) return;
    }
  }
}
