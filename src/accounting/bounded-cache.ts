/**
 * A cache of values computed from keys that come from documents (percentages, blueprint
 * definitions): it forgets everything once it holds `limit` keys, so hostile input cannot make it
 * grow. Internal to accounting; imports nothing.
 */
export class BoundedCache<K, V> {
  private readonly values = new Map<K, V>();

  constructor(private readonly limit: number) {}

  /** The value kept for `key`, or `compute(key)`, kept from now on. */
  obtain(key: K, compute: (key: K) => V): V {
    let value = this.values.get(key);
    if (value === undefined) {
      value = compute(key);
      if (this.values.size >= this.limit) this.values.clear();
      this.values.set(key, value);
    }
    return value;
  }
}
