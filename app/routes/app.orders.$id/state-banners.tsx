import { Banner, BlockStack, Layout, Text } from "@shopify/polaris";
import type { OrderView } from "./view";

/** What is wrong with the order or what it waits for, above the cards. */
export function StateBanners({ order }: { order: Pick<OrderView, "state" | "attempts" | "flag"> }) {
  const problem = order.state.code === "failed" || order.state.code === "needs_attention";
  return (
    <>
      {problem && (
        <Layout.Section>
          <Banner
            tone={order.state.code === "failed" ? "critical" : "warning"}
            title={order.state.code === "failed" ? "This order could not be sent" : "This order needs your attention"}
          >
            <BlockStack gap="100">
              {order.state.reason && <Text as="p">{order.state.reason}</Text>}
              {order.state.fix && <Text as="p">{order.state.fix}</Text>}
            </BlockStack>
          </Banner>
        </Layout.Section>
      )}
      {((order.state.code === "checking" && order.state.reason) || order.state.code === "held") && (
        <Layout.Section>
          <Banner
            tone={order.state.code === "held" ? "warning" : "info"}
            title={order.state.code === "held" ? "This order is held" : "Checking with HyperSKU"}
          >
            <BlockStack gap="100">
              <Text as="p">{order.state.reason ?? order.state.meaning}</Text>
              {order.attempts.next && (
                <Text as="p">
                  {order.attempts.nextLabel}: {order.attempts.next}
                </Text>
              )}
              {order.state.fix && <Text as="p">{order.state.fix}</Text>}
            </BlockStack>
          </Banner>
        </Layout.Section>
      )}
      {order.flag && (
        <Layout.Section>
          <Banner tone="warning" title="Something needs a decision">
            <p>{order.flag.reason}</p>
          </Banner>
        </Layout.Section>
      )}
    </>
  );
}
