// Values made once per key and kept (for the isolate's life on the server, the
// tab's in the browser): for what costs far more to make than to look up.
interface Store<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
}

/** The value kept under `key`, made by `make` the first time. */
export function kept<K, V>(store: Store<K, V>, key: K, make: () => V): V {
  let value = store.get(key);
  if (value === undefined) {
    value = make();
    store.set(key, value);
  }
  return value;
}
