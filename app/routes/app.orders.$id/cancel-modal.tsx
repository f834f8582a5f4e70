import { BlockStack, Modal, Text } from "@shopify/polaris";

/** Asks before cancelling at HyperSKU: it cannot be undone from the app. */
export function CancelModal({
  open,
  orderName,
  cancelling,
  onCancel,
  onClose,
}: {
  open: boolean;
  orderName: string;
  cancelling: boolean;
  onCancel: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Cancel ${orderName} at HyperSKU?`}
      primaryAction={{
        content: "Cancel the order at HyperSKU",
        destructive: true,
        loading: cancelling,
        onAction: onCancel,
      }}
      secondaryActions={[{ content: "Keep the order", onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="200">
          <Text as="p">
            HyperSKU stops buying and shipping this order. This cannot be undone from the app. The order stays as it is in Shopify; refund
            the customer there if needed.
          </Text>
          <Text as="p" tone="subdued">
            Cancellation only works before HyperSKU ships the order.
          </Text>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
