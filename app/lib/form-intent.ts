/**
 * Form intents: a route with several actions names the one a submission asks for in an `intent`
 * field, and its action branches on it. These helpers are the one place that field is read and
 * checked against the route's list, so every route answers an unknown intent the same way.
 */

export const INTENT_FIELD = "intent";

/** `value` when it is one of `intents`, else null. */
export function parseIntent<const Intents extends readonly string[]>(value: unknown, intents: Intents): Intents[number] | null {
  return intents.find((intent) => intent === value) ?? null;
}

/**
 * The form's intent when it is one of `intents`. Anything else (missing included) throws a 400 that
 * names what was sent, which the route's error boundary shows.
 */
export function requireIntent<const Intents extends readonly string[]>(form: FormData, intents: Intents): Intents[number] {
  const value = form.get(INTENT_FIELD);
  const intent = parseIntent(value, intents);
  if (intent === null) throw new Response(`Unknown action "${String(value)}"`, { status: 400 });
  return intent;
}
