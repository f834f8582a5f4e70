import { Box, Text } from "@shopify/polaris";
import { Modal, TitleBar } from "@shopify/app-bridge-react";

/** Asks before sending an order whose items HyperSKU has not sourced yet. An App Bridge modal (drawn by the admin). */
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
    <Modal id="send-anyway" open={open} onHide={onClose}>
      <Box padding="400">
        <Text as="p">
          HyperSKU takes the order as Pending Sourcing and looks for a supplier for the items it has not sourced. The cost and delivery time
          are only known once it has found one.
        </Text>
      </Box>
      <TitleBar title="Send to HyperSKU before it has sourced the items?">
        <button variant="primary" loading={sending ? "" : undefined} onClick={onSend}>
          Send anyway
        </button>
        <button onClick={onClose}>Keep waiting</button>
      </TitleBar>
    </Modal>
  );
}
