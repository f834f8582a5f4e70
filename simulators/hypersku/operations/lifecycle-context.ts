/** Adapts an operation's context to what the lifecycle needs (shared with the control side). */
import type { LifecycleContext } from "../lifecycle";
import type { Rng } from "../rng";
import type { SimulatorState } from "../state";

export function advanceContext(ctx: { state: SimulatorState; rng: Rng; now: Date }): LifecycleContext {
  return { rng: ctx.rng, now: ctx.now, nextTrackingSeq: () => ctx.state.nextTrackingSeq++ };
}
