import { EmptyPanel } from "~/components/EmptyPanel";
import type { GoToList, OrdersListView } from "./view";

/** Why the list is empty: nothing matches the search, no orders at all, or none in this tab. */
export function OrdersEmptyState({ view, tabLabel, go }: { view: OrdersListView["view"]; tabLabel: string; go: GoToList }) {
  if (view.search || view.status !== null || view.from || view.to) {
    return (
      <EmptyPanel
        heading="No orders match"
        action={{ content: "Clear search and filters", onAction: () => go({ q: null, status: null, from: null, to: null }) }}
      >
        No order in this view has a name, number, customer name or e-mail starting with what you typed, a tracking number or HyperSKU order
        id equal to it, or that HyperSKU status, in those dates.
      </EmptyPanel>
    );
  }
  if (view.tab === "all") {
    return (
      <EmptyPanel heading="No orders yet" action={{ content: "Send past orders", url: "/app/past-orders" }}>
        New orders appear here as soon as Shopify sends them to the app.
      </EmptyPanel>
    );
  }
  return <EmptyPanel heading={`No orders in ${tabLabel}`}>Nothing here right now.</EmptyPanel>;
}
