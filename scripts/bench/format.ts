/** How the benchmark report writes its figures and rows (shared by the table and its closing notes). */
import type { Engine } from "./databases";

export type Verdict = "pass" | "MISS" | "info" | "not measured";
export type Row = { area: string; metric: string; value: string; target: string; verdict: Verdict };

export const ms = (value: number) => (value < 10 ? value.toFixed(1) : String(Math.round(value))) + " ms";
export const perSecond = (value: number) => `${Math.round(value).toLocaleString("en-US")}/s`;
export const mb = (value: number) => `${Math.round(value)} MB`;
export const engineName = (engine: Engine) => (engine === "sqlite" ? "SQLite" : "PostgreSQL");
