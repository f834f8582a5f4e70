/** Records every fetch a test makes and refuses those that leave the machine. */
export const networkCalls: string[] = [];
export const blockedNetworkCalls: string[] = [];

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

export function installNetworkGuard() {
  const realFetch = globalThis.fetch;
  if ((realFetch as { __guarded?: boolean }).__guarded) return;
  const guarded = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    networkCalls.push(`${init?.method ?? (input instanceof Request ? input.method : "GET")} ${url.origin}${url.pathname}`);
    if (!LOOPBACK.has(url.hostname)) {
      blockedNetworkCalls.push(`${url.origin}${url.pathname}`);
      throw new Error(`Unexpected network call to ${url.origin}${url.pathname} in a test`);
    }
    return realFetch(input, init);
  };
  guarded.__guarded = true;
  globalThis.fetch = guarded as typeof fetch;
}
