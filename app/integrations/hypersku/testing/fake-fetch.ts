/** A scripted stand-in for fetch: records each request and answers with the responder's Response. */
export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** Parsed JSON body (undefined when none). */
  body: unknown;
}

export type Responder = (request: RecordedRequest, signal: AbortSignal | undefined) => Response | Promise<Response>;

export function createFakeFetch(responder: Responder) {
  const requests: RecordedRequest[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const text = typeof init?.body === "string" ? init.body : undefined;
    const request: RecordedRequest = {
      url: String(input),
      method: init?.method ?? "GET",
      headers,
      body: text === undefined ? undefined : JSON.parse(text),
    };
    requests.push(request);
    return responder(request, init?.signal ?? undefined);
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { "Content-Type": "application/json", ...(init.headers as Record<string, string> | undefined) },
  });
}

export function wrapped(data: unknown, status = 200, message: string | null = null) {
  return { status, message, data, rel: status === 200 };
}

/** Never answers; rejects like fetch does when the request's signal aborts. */
export function hang(_request: RecordedRequest, signal: AbortSignal | undefined): Promise<Response> {
  return new Promise((_resolve, reject) => {
    signal?.addEventListener("abort", () => reject(new DOMException("This operation was aborted", "AbortError")));
  });
}

/** Fails like undici does when the peer resets the connection after the request was written. */
export function connectionReset(): Promise<Response> {
  return Promise.reject(Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNRESET" } }));
}

export function connectionRefused(): Promise<Response> {
  return Promise.reject(Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } }));
}
