/**
 * The admin figures come from scripts/bench-admin.ts (orders list and order detail server time at
 * 100,000 orders, LCP/CLS of the dashboard in Chromium), written with the admin pages. It is run
 * here and its printed tables read, each row with its own target and verdict (rows it gives no
 * target are shown for information). It exits 1 when it misses a target, which is a result, not a
 * failure, as long as its tables were printed.
 */
import fs from "node:fs";
import { runCapturingOutput, tsxArgs } from "./processes";

export const ADMIN_SCRIPT = "scripts/bench-admin.ts";

export type AdminFigure = { name: string; value: string; target: string; pass: boolean; verdict?: "ok" | "MISSED" | null };
export type AdminResult =
  { status: "absent" } | { status: "failed"; error: string } | { status: "ran"; figures: AdminFigure[]; output: string; seconds: number };

export type AdminVerdict = "ok" | "MISSED" | null;

const isNumber = (text: string) => /^-?\d+(\.\d+)?$/.test(text);
const columnsOf = (line: string) => line.trim().split(/\s{2,}/);

/**
 * Reads its tables: a header line (title, column names, then "target ...") over a dashed line, then
 * rows of name, one number per column and what is left: "ok", "MISSED", "< 1000 ok" or "(no target)".
 */
export function parseAdminOutput(output: string): (AdminFigure & { verdict: AdminVerdict })[] {
  const lines = output.split("\n").map((line) => line.trimEnd());
  const figures: (AdminFigure & { verdict: AdminVerdict })[] = [];
  let section: { title: string; columns: string[]; target: string } | null = null;
  lines.forEach((line, index) => {
    if (/^-{20,}$/.test(line.trim())) return;
    if (/^-{20,}$/.test(lines[index + 1]?.trim() ?? "")) {
      const parts = columnsOf(line);
      const targetAt = parts.findIndex((part) => part.startsWith("target"));
      section = {
        title: parts[0],
        columns: parts.slice(1, targetAt === -1 ? undefined : targetAt),
        target: targetAt === -1 ? "" : parts[targetAt],
      };
      return;
    }
    if (!section || line.trim() === "") {
      if (line.trim() === "") section = null;
      return;
    }
    const parts = columnsOf(line);
    const numbers = parts.slice(1, 1 + section.columns.length);
    if (numbers.length !== section.columns.length || !numbers.every(isNumber)) return;
    const rest = parts.slice(1 + section.columns.length).join(" ");
    const verdict: AdminVerdict = /\bMISSED$/.test(rest) ? "MISSED" : /\bok$/.test(rest) ? "ok" : null;
    const unit = /\(ms\)/.test(parts[0]) || /\(ms\)/.test(section.title) ? " ms" : "";
    const name = parts[0].replace(" (ms)", "");
    const bound = rest.replace(/\s*(ok|MISSED)$/, "").trim();
    const label = section.target.replace(/^target\s*/, "").replace(/^\((.+)\)$/, "$1");
    const target = (verdict === null ? "" : bound.startsWith("<") ? `${label} ${bound}${unit}` : `${label}${unit}`).trim();
    figures.push({
      name: section.title.startsWith("server time") ? name : `${section.title.replace(/\s*\(.*\)$/, "")}: ${name}`,
      value: section.columns.map((column, i) => `${column} ${numbers[i]}${unit}`).join(", "),
      target,
      verdict,
      pass: verdict === "ok",
    });
  });
  return figures;
}

export async function runAdminBenchmark(): Promise<AdminResult> {
  if (!fs.existsSync(ADMIN_SCRIPT)) return { status: "absent" };
  const started = Date.now();
  try {
    const { code, output } = await runCapturingOutput(process.execPath, tsxArgs(ADMIN_SCRIPT), { ...process.env }, 10 * 60_000);
    const figures = parseAdminOutput(output);
    if (figures.length === 0) return { status: "failed", error: `exited with ${code} and printed no figures:\n${output.slice(-4000)}` };
    return { status: "ran", figures, output: output.trim(), seconds: (Date.now() - started) / 1000 };
  } catch (error) {
    return { status: "failed", error: error instanceof Error ? error.message : String(error) };
  }
}
