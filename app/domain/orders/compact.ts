/** Drops keys whose value is undefined, so optional request fields are absent rather than `undefined`. */
export function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}
