import { useState } from "react";
import { BlockStack, Button, InlineStack, TextField } from "@shopify/polaris";
import { useValueChanged } from "~/components/use-value-changed";
import type { GoToList } from "./view";

/** Two days of the shop's calendar (both included), applied together. */
export function DateRangeFilter({ from, to, go }: { from: string | null; to: string | null; go: GoToList }) {
  const [start, setStart] = useState(from ?? "");
  const [end, setEnd] = useState(to ?? "");
  if (useValueChanged(`${from}|${to}`, `${from}|${to}`)) {
    setStart(from ?? "");
    setEnd(to ?? "");
  }
  return (
    <BlockStack gap="200">
      <TextField label="From" type="date" value={start} onChange={setStart} autoComplete="off" helpText="In your shop's time zone" />
      <TextField label="To" type="date" value={end} onChange={setEnd} autoComplete="off" />
      <InlineStack gap="200">
        <Button onClick={() => go({ from: start || null, to: end || null })}>Apply dates</Button>
      </InlineStack>
    </BlockStack>
  );
}
