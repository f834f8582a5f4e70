/** Pure: the full URL of one operation call, from the configured path (override or default). */
import type { HyperskuConfig, HyperskuOperation } from "./config";

export type PathParams = Record<string, string | number>;
export type QueryParams = Record<string, string | number | undefined>;

export function buildOperationUrl(
  config: Pick<HyperskuConfig, "apiUrl" | "paths">,
  operation: HyperskuOperation,
  pathParams: PathParams = {},
  query: QueryParams = {},
): string {
  const path = config.paths[operation].replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = pathParams[name];
    // A missing value is a bug in our code, not HyperSKU's: fail loudly before any request is sent.
    if (value === undefined) throw new Error(`HyperSKU ${operation}: missing path parameter "${name}"`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const queryString = search.toString();
  return `${config.apiUrl}${path}${queryString ? `${path.includes("?") ? "&" : "?"}${queryString}` : ""}`;
}
