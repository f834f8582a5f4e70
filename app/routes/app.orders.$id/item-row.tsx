import { BlockStack, Box, InlineStack, Text, Thumbnail } from "@shopify/polaris";

type ItemRowProps = {
  item: {
    title: string;
    details: string | null;
    quantity: number | null;
    imageUrl: string | null;
    status: string | null;
    price?: string | null;
  };
};

/** One line item with its picture, in the items card and under each parcel. */
export function ItemRow({ item }: ItemRowProps) {
  return (
    <InlineStack gap="300" blockAlign="center" wrap={false}>
      {item.imageUrl ? (
        <Thumbnail source={item.imageUrl} alt={item.title} size="small" />
      ) : (
        <Box background="bg-surface-secondary" borderRadius="200" minWidth="40px" minHeight="40px" />
      )}
      <BlockStack gap="050">
        <Text as="p" fontWeight="semibold">
          {item.title}
        </Text>
        {item.details && (
          <Text as="p" tone="subdued">
            {item.details}
          </Text>
        )}
        <Text as="p" tone="subdued">
          {[item.quantity !== null ? `Quantity ${item.quantity}` : null, item.price, item.status].filter(Boolean).join(" · ")}
        </Text>
      </BlockStack>
    </InlineStack>
  );
}
