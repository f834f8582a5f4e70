/**
 * Background work that runs beside the web server (the job worker, once it exists). The
 * production server calls this through the build's entry module, so it shares the bundle.
 * Returns a function that stops the work gracefully.
 */
import { env } from "./env.server";
import { logger } from "./logger.server";

export type StopBackgroundWork = () => Promise<void>;

export function startBackgroundWork(): StopBackgroundWork {
  if (env.WORKER_MODE === "off") {
    logger.info("worker disabled in this process (WORKER_MODE=off)");
  }
  return async () => {};
}
