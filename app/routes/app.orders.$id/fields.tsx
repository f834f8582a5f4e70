import { Text } from "@shopify/polaris";

/** A label and its value in the cards' two-column `<dl>` (`fieldsStyle`). */
export function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <Text as="dt" tone="subdued">
        {label}
      </Text>
      <Text as="dd">{children}</Text>
    </>
  );
}

export const fieldsStyle = { display: "grid", gridTemplateColumns: "max-content 1fr", gap: "6px 20px", margin: 0 } as const;
