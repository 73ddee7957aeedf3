/**
 * A map of at most `max` entries; a new entry past it pushes out the least recently used. For values
 * that never go stale, because their key names something that never changes (a revision, a version).
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();
  constructor(readonly max: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Re-inserted: it is now the most recently used.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, value);
  }

  /** The value of `key`, made (and kept) when missing. */
  async getOrMake(key: K, make: () => Promise<V>): Promise<V> {
    const known = this.get(key);
    if (known !== undefined) return known;
    const made = await make();
    this.set(key, made);
    return made;
  }

  get size(): number {
    return this.entries.size;
  }
}
