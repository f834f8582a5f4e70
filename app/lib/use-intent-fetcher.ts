import { useFetcher } from "@remix-run/react";
import { INTENT_FIELD } from "./form-intent";

type Fields = Record<string, string | readonly string[]>;

/**
 * A fetcher that posts one intent (with any extra fields) to a route action, and says which intent
 * is under way and what the last one answered. `action`: the route to post to, when it is not the
 * page's own.
 */
export function useIntentFetcher<Data, Intent extends string>(action?: string) {
  const fetcher = useFetcher<Data>();
  const busy = fetcher.state !== "idle";
  const pending = busy ? fetcher.formData?.get(INTENT_FIELD) : null;
  const submit = (intent: Intent, fields: Fields = {}) => {
    const form = new FormData();
    form.set(INTENT_FIELD, intent);
    for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) form.append(name, item);
    fetcher.submit(form, { method: "post", action });
  };
  return {
    submit,
    busy,
    /** The intent being submitted; null when idle. */
    busyIntent: typeof pending === "string" ? (pending as Intent) : null,
    /** The last answer, even while the next is under way. */
    data: fetcher.data,
    /** The last answer once the fetcher is idle again: what a toast or banner shows. */
    result: busy ? undefined : fetcher.data,
  };
}
