import { useState } from "react";
import { BlockStack, Button, InlineStack, TextField } from "@shopify/polaris";
import { useValueChanged } from "~/components/use-value-changed";
import type { GoToList } from "./view";

const DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const dayText = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));

/** "Date: Nov 1, 2026 – Nov 20, 2026", "Date: from Nov 1, 2026"; null without a range. Same text on server and browser (UTC days). */
export function describeDateRange(from: string | null, to: string | null): string | null {
  if (from && to) return `Date: ${dayText(from)} – ${dayText(to)}`;
  if (from) return `Date: from ${dayText(from)}`;
  if (to) return `Date: until ${dayText(to)}`;
  return null;
}

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
