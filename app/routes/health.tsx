import { checkHealth } from "~/domain/health/health.server";

// For load balancers and monitors: 200 while the database answers (body says ok or degraded),
// 503 when it does not. Aggregates only; no shop is named.
export const loader = async () => {
  const health = await checkHealth();
  return Response.json(health, { status: health.status === "down" ? 503 : 200, headers: { "Cache-Control": "no-store" } });
};
