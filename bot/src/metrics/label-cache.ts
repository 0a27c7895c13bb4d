// Label sets made once per combination of values: a request looks its labels up (a few map
// reads) instead of building an object, or a key string, each time.
type Key = string | number;

/** The inner map of `outer` under `key`, made on first use. */
function inner<V>(outer: Map<Key, Map<Key, V>>, key: Key): Map<Key, V> {
  let map = outer.get(key);
  if (map === undefined) {
    map = new Map();
    outer.set(key, map);
  }
  return map;
}

/** A label set per combination of values, made once by `make`. */
export function labelCache<A extends Key, B extends Key, C extends Key, L>(
  make: (a: A, b: B, c: C) => L,
): (a: A, b: B, c: C) => L {
  const root = new Map<Key, Map<Key, Map<Key, L>>>();
  return (a, b, c) => {
    const last = inner(inner(root, a), b);
    let labels = last.get(c);
    if (labels === undefined) {
      labels = make(a, b, c);
      last.set(c, labels);
    }
    return labels;
  };
}
