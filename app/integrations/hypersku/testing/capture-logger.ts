/** A pino-compatible logger that keeps what it is given, for asserting on log lines. */
import type { HyperskuLogger } from "../http.server";

export interface LogEntry {
  level: "info" | "warn";
  fields: Record<string, unknown>;
  message?: string;
}

export function createCaptureLogger(): HyperskuLogger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  return {
    entries,
    info: (fields, message) => entries.push({ level: "info", fields: { ...fields }, message }),
    warn: (fields, message) => entries.push({ level: "warn", fields: { ...fields }, message }),
  };
}
