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
  /** Set by the `commitAfterMs` fault: a create stores its order as pending until this instant (epoch ms). */
  commitAt?: number;
}

export type OperationHandler = (ctx: OperationContext) => Reply;
