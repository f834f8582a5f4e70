import { BlockStack, Box, Text } from "@shopify/polaris";
import { Modal, TitleBar } from "@shopify/app-bridge-react";

/** Asks before cancelling at HyperSKU: it cannot be undone from the app. An App Bridge modal (drawn by the admin). */
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
    <Modal id="cancel-at-hypersku" open={open} onHide={onClose}>
      <Box padding="400">
        <BlockStack gap="200">
          <Text as="p">
            HyperSKU stops buying and shipping this order. This cannot be undone from the app. The order stays as it is in Shopify; refund
            the customer there if needed.
          </Text>
          <Text as="p" tone="subdued">
            Cancellation only works before HyperSKU ships the order.
          </Text>
        </BlockStack>
      </Box>
      <TitleBar title={`Cancel ${orderName} at HyperSKU?`}>
        <button variant="primary" tone="critical" loading={cancelling ? "" : undefined} onClick={onCancel}>
          Cancel the order at HyperSKU
        </button>
        <button onClick={onClose}>Keep the order</button>
      </TitleBar>
    </Modal>
  );
}
