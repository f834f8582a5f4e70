/**
 * The Shopify API cost figures come from scripts/bench/order-api-cost.ts (requested points per
 * order: the snapshot read, the variant facts read, cached or not), run here as its own process
 * (it sets up its own database) and read from its `ORDER_API_COST_JSON` line.
 */
import { MAX_QUERY_COST } from "../../app/integrations/shopify/query-limits";
import { runCapturingOutput, tsxArgs } from "./processes";
import type { Row } from "./format";

export const API_COST_SCRIPT = "scripts/bench/order-api-cost.ts";

type ApiCostFigure = { name: string; points: number; queries: number; largestQuery: number; ordersPerMinute: number | null };
export type ApiCostResult = { status: "ran"; figures: ApiCostFigure[]; output: string } | { status: "failed"; error: string };

export async function runApiCostBenchmark(): Promise<ApiCostResult> {
  try {
    const { code, output } = await runCapturingOutput(process.execPath, tsxArgs(API_COST_SCRIPT), { ...process.env }, 5 * 60_000);
    const json = /^ORDER_API_COST_JSON (.+)$/m.exec(output)?.[1];
    if (code !== 0 || !json) return { status: "failed", error: `exited with ${code}:\n${output.slice(-4000)}` };
    const figures = JSON.parse(json) as ApiCostFigure[];
    return { status: "ran", figures, output: output.replace(/^ORDER_API_COST_JSON .+$/m, "").trim() };
  } catch (error) {
    return { status: "failed", error: error instanceof Error ? error.message : String(error) };
  }
}

export function apiCostRows(result: ApiCostResult | undefined): Row[] {
  const area = "Shopify API cost";
  if (!result) return [];
  if (result.status === "failed") {
    return [
      { area, metric: "requested points per order", value: `not measured: ${API_COST_SCRIPT} failed`, target: "", verdict: "not measured" },
    ];
  }
  return result.figures.map((figure) => {
    const rate = figure.ordersPerMinute === null ? "no Admin call" : `${figure.ordersPerMinute} orders/min at 100 points/s`;
    return {
      area,
      metric: figure.name,
      value: `${figure.points} points in ${figure.queries} quer${figure.queries === 1 ? "y" : "ies"} (${rate})`,
      target: `<= ${MAX_QUERY_COST} points per query`,
      verdict: figure.largestQuery <= MAX_QUERY_COST ? "pass" : "MISS",
    };
  });
}
