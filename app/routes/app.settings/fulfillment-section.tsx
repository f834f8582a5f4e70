import { Card, Checkbox, Layout } from "@shopify/polaris";
import { fieldId, type SectionProps } from "./fields";

export function FulfillmentSection({ values, errors, set }: SectionProps) {
  return (
    <Layout.AnnotatedSection id="fulfillment" title="Fulfillment" description="What happens in Shopify when HyperSKU ships.">
      <Card>
        <Checkbox
          id={fieldId("notifyCustomer")}
          name="notifyCustomer"
          label="Notify the customer when an order is marked as fulfilled"
          helpText="Shopify sends its shipping confirmation e-mail with the tracking link."
          checked={values.notifyCustomer === "true"}
          onChange={(checked) => set("notifyCustomer")(String(checked))}
          error={errors.notifyCustomer}
        />
      </Card>
    </Layout.AnnotatedSection>
  );
}
