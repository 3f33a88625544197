/**
 * Remembers the answers of a pure function by a string key, at most `max` of them (the oldest goes first). For
 * Intl work that costs tens of microseconds and is asked for the same few keys again and again: every booking reads
 * today's date, its visit's instant and its zone's name in the business's zone.
 */
export function boundedCache<T>(max: number): (key: string, make: () => T) => T {
  const entries = new Map<string, T>();
  return (key, make) => {
    if (entries.has(key)) return entries.get(key)!;
    const value = make();
    if (entries.size >= max) entries.delete(entries.keys().next().value!);
    entries.set(key, value);
    return value;
  };
}
