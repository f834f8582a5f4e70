import { useState } from "react";

/**
 * True in the render where `value` first differs from what earlier renders saw, so a component can
 * adjust its own state while rendering rather than in an effect that would first paint the stale
 * state (React's "adjusting some state when a prop changes"). `initial` counts as already seen.
 */
export function useValueChanged<T>(value: T, initial: T): boolean {
  const [seen, setSeen] = useState(initial);
  if (seen === value) return false;
  setSeen(value);
  return true;
}
