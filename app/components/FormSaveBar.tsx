import { SaveBar } from "@shopify/app-bridge-react";
import { Box, Button, InlineStack, Text } from "@shopify/polaris";

type Props = { id: string; dirty: boolean; saving: boolean; onSave: () => void; onDiscard: () => void; inline: boolean };

/**
 * The contextual save bar of a form with unsaved changes. In the Shopify admin it is App Bridge's
 * own bar (`ui-save-bar`, drawn by the admin, which also guards leaving the page). Offline (tests,
 * demo) there is no admin to draw it and the App Bridge element does not exist, so an inline,
 * sticky Polaris bar with the same Save and Discard buttons stands in (see the stand-in's notes in
 * simulators/shopify/app-bridge-stand-in.ts).
 */
export function FormSaveBar({ id, dirty, saving, onSave, onDiscard, inline }: Props) {
  if (!inline) {
    return (
      <SaveBar id={id} open={dirty}>
        <button variant="primary" onClick={onSave} loading={saving ? "" : undefined} disabled={saving}>
          Save
        </button>
        <button onClick={onDiscard} disabled={saving}>
          Discard
        </button>
      </SaveBar>
    );
  }
  if (!dirty) return null;
  return (
    <div role="region" aria-label="Unsaved changes" style={{ position: "sticky", top: 0, zIndex: 400 }}>
      <Box background="bg-fill-inverse" padding="300" borderRadius="200" shadow="300">
        <InlineStack align="space-between" blockAlign="center" gap="300">
          <Text as="p" variant="headingSm" tone="text-inverse">
            Unsaved changes
          </Text>
          <InlineStack gap="200">
            <Button onClick={onDiscard} disabled={saving}>
              Discard
            </Button>
            <Button variant="primary" onClick={onSave} loading={saving}>
              Save
            </Button>
          </InlineStack>
        </InlineStack>
      </Box>
    </div>
  );
}
