import { Modal, Text } from "@shopify/polaris";

/** Asks before sending an order whose items HyperSKU has not sourced yet. */
export function SendAnywayModal({
  open,
  sending,
  onSend,
  onClose,
}: {
  open: boolean;
  sending: boolean;
  onSend: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Send to HyperSKU before it has sourced the items?"
      primaryAction={{ content: "Send anyway", loading: sending, onAction: onSend }}
      secondaryActions={[{ content: "Keep waiting", onAction: onClose }]}
    >
      <Modal.Section>
        <Text as="p">
          HyperSKU takes the order as Pending Sourcing and looks for a supplier for the items it has not sourced. The cost and delivery time
          are only known once it has found one.
        </Text>
      </Modal.Section>
    </Modal>
  );
}
