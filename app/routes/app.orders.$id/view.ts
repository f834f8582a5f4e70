import type { SerializeFrom } from "@remix-run/node";
import type { requireOrderDetail } from "~/domain/admin/order-detail.server";

/** The order page's data as the browser receives it (the loader's JSON); the cards take it as props. */
export type OrderView = SerializeFrom<Awaited<ReturnType<typeof requireOrderDetail>>>;
