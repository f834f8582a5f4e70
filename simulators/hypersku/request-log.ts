/**
 * Every request that reached the simulated API or authorization page (not /__sim), newest last, so
 * tests can assert what the client really sent: the raw Authorization value, the parsed body, the
 * status it got (null when a fault kept the response from being sent). Bounded to the last 10,000.
 */
export interface RequestLogEntry {
  at: string;
  method: string;
  path: string;
  query: Record<string, string>;
  /** The contract's operation name, "authorize"/"authorizeDecision" for the page, null for unknown paths. */
  operation: string | null;
  authorization: boolean;
  authorizationValue: string | null;
  /** Parsed JSON (or form fields), the raw text when it did not parse, null when empty. */
  body: unknown;
  status: number | null;
  /** The injected fault that shaped this answer, if any. */
  fault?:
    "latency" | "hang" | "rateLimit" | "errorRate" | "commitThenTimeout" | "reject" | "notFound" | "commitAfterMs" | "answer" | "quirks";
  /** Bytes of an `answer: "oversized"` body written before it ended or the client went away. */
  sentBytes?: number;
}

export const REQUEST_LOG_LIMIT = 10_000;

export class RequestLog {
  private entries: RequestLogEntry[] = [];

  add(entry: RequestLogEntry): RequestLogEntry {
    this.entries.push(entry);
    if (this.entries.length > REQUEST_LOG_LIMIT) this.entries.splice(0, this.entries.length - REQUEST_LOG_LIMIT);
    return entry;
  }

  list(): RequestLogEntry[] {
    return structuredClone(this.entries);
  }

  clear(): void {
    this.entries = [];
  }
}
