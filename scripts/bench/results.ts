/** What one `npm run bench` run measured, as the report reads it. */
import type { AdminResult } from "./admin";
import type { CatalogueBench } from "./catalogue";
import type { ApiCostResult } from "./api-cost";
import type { Engine } from "./databases";
import type { BacklogResult, IdleResult } from "./forwarding";
import type { IntakeResult } from "./intake";

export type EngineResults = {
  engine: Engine;
  intake?: IntakeResult;
  idle: IdleResult[];
  backlog?: BacklogResult;
  /** Phases left out on purpose for this engine (not by --phases). */
  skipped?: string[];
  /** Set when a phase failed: the message, and the phases after it did not run. */
  error?: string;
};

export type Machine = {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
  platform: string;
  /** 1-minute load average when the run started: other work on the machine skews every figure. */
  loadAverage: number;
};

export type BenchResults = {
  startedAt: Date;
  seconds: number;
  machine: Machine;
  engines: EngineResults[];
  /** Why PostgreSQL has no figures, when it has none. */
  postgresSkipped?: string;
  /** Absent when --phases left it out. */
  admin?: AdminResult;
  /** Shopify Admin API points per order (scripts/bench/order-api-cost.ts). */
  apiCost?: ApiCostResult;
  /** The catalogue sync and the Products page at 50,000 variants (scripts/bench/catalogue.ts). */
  catalogue?: CatalogueBench;
};
