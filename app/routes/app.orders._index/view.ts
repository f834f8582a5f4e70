import type { SerializeFrom } from "@remix-run/node";
import type { getOrdersList } from "~/domain/admin/orders-list.server";
import { LIST_ACTIONS } from "~/domain/admin/order-list-actions";

type OrdersList = Awaited<ReturnType<typeof getOrdersList>>;

/** The list's data as the browser receives it: each row also carries its creation time as text. */
export type OrdersListView = SerializeFrom<Omit<OrdersList, "rows"> & { rows: (OrdersList["rows"][number] & { createdText: string })[] }>;
export type OrderRowView = OrdersListView["rows"][number];

export const BULK_INTENTS = LIST_ACTIONS;
export type BulkIntent = (typeof BULK_INTENTS)[number];

/** Moves the list to new search parameters (null removes one); `replace` for each keystroke of a search. */
export type GoToList = (changes: Record<string, string | null>, replace?: boolean) => void;
