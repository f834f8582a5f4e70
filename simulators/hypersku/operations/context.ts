/** What every operation handler receives: the request, already read, and the simulator it acts on. */
import type { SimulatorOptions } from "../options";
import type { Reply } from "../responses";
import type { Rng } from "../rng";
import type { SimulatorState } from "../state";

export interface OperationContext {
  options: SimulatorOptions;
  state: SimulatorState;
  rng: Rng;
  now: Date;
  body: unknown;
  params: Record<string, string>;
  query: URLSearchParams;
  /** Tells persistence that `state` changed. */
  changed(): void;
}

export type OperationHandler = (ctx: OperationContext) => Reply;
