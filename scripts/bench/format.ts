/** How the benchmark report writes its figures and rows (shared by the table and its closing notes). */
import type { Engine } from "./databases";

export type Verdict = "pass" | "MISS" | "info" | "not measured";
export type Row = { area: string; metric: string; value: string; target: string; verdict: Verdict };

export const ms = (value: number) => (value < 10 ? value.toFixed(1) : String(Math.round(value))) + " ms";
export const perSecond = (value: number) => `${Math.round(value).toLocaleString("en-US")}/s`;
export const mb = (value: number) => `${Math.round(value)} MB`;
export const engineName = (engine: Engine) => (engine === "sqlite" ? "SQLite" : "PostgreSQL");

/** CPU milliseconds per request: a process's share of one core over a load, divided by the request rate. */
export const cpuMsPerRequest = (cpuPercent: number | null, perSecondRate: number) =>
  cpuPercent === null || perSecondRate <= 0 ? null : (cpuPercent / 100) * (1000 / perSecondRate);

/** "web 1.4 ms + database 0.9 ms" per request (the database part only where it was measured apart). */
export function cpuPerRequestText(webPercent: number | null, databasePercent: number | null, perSecondRate: number): string {
  const web = cpuMsPerRequest(webPercent, perSecondRate);
  const database = cpuMsPerRequest(databasePercent, perSecondRate);
  return `web ${web === null ? "?" : ms(web)}${database === null ? "" : ` + database ${ms(database)}`}`;
}
