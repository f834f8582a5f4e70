import { getHealth } from "~/domain/health/health.server";

// For load balancers and monitors: 200 while the database can be read and written (the body says
// ok, or degraded with the reasons), 503 when it cannot (the body says why: full, read_only or
// unreachable). Aggregates only; no shop is named.
export const loader = async () => {
  const health = await getHealth();
  return Response.json(health, { status: health.status === "down" ? 503 : 200, headers: { "Cache-Control": "no-store" } });
};
