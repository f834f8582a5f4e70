import { Banner, BlockStack, Card, ChoiceList, FormLayout, Layout, Text, TextField } from "@shopify/polaris";
import { FIELD_LABELS, fieldId, type SectionProps } from "./fields";

type Location = { id: string; name: string };

const RULES_HELP =
  "One rule per line: vendor:, type:, tag: or product: (the number in the product's admin address). Capitals do not matter.";

/** Which items HyperSKU fulfils: the locations it ships for, and rules by product. */
export function RoutingSection({ values, errors, set, locations }: SectionProps & { locations: Location[] | null }) {
  const chosen = values.hyperskuLocationIds ? values.hyperskuLocationIds.split(",") : [];
  return (
    <Layout.AnnotatedSection
      id="routing"
      title="What HyperSKU fulfils"
      description="Only these items go to HyperSKU. Items Shopify assigns to a fulfillment service (a print-on-demand app, a 3PL) never do."
    >
      <Card>
        <FormLayout>
          <div id={fieldId("hyperskuLocationIds")} tabIndex={-1}>
            {locations === null ? (
              <Banner tone="warning" title="Your locations could not be read from Shopify just now">
                <p>
                  {chosen.length === 0
                    ? "HyperSKU fulfils items at every location of yours."
                    : `HyperSKU fulfils items at the ${chosen.length === 1 ? "location" : `${chosen.length} locations`} you chose.`}{" "}
                  Reload the page to change this.
                </p>
              </Banner>
            ) : (
              <ChoiceList
                allowMultiple
                title={FIELD_LABELS.hyperskuLocationIds}
                name="hyperskuLocationIds"
                choices={locations.map((location) => ({ label: location.name, value: location.id }))}
                selected={chosen}
                onChange={(selected) => set("hyperskuLocationIds")(selected.join(","))}
                error={errors.hyperskuLocationIds}
              />
            )}
            <Text as="p" variant="bodySm" tone="subdued">
              None chosen: items at every location of yours go to HyperSKU (the usual setup when HyperSKU ships everything).
            </Text>
          </div>
          <TextField
            id={fieldId("includeProducts")}
            name="includeProducts"
            label={FIELD_LABELS.includeProducts}
            value={values.includeProducts}
            onChange={set("includeProducts")}
            error={errors.includeProducts}
            multiline={3}
            helpText={`Empty: every product. ${RULES_HELP}`}
            placeholder={"vendor: HyperSKU Supplies\ntag: dropship"}
            autoComplete="off"
          />
          <TextField
            id={fieldId("excludeProducts")}
            name="excludeProducts"
            label={FIELD_LABELS.excludeProducts}
            value={values.excludeProducts}
            onChange={set("excludeProducts")}
            error={errors.excludeProducts}
            multiline={3}
            helpText={`These stay with you even when they match the rules above. ${RULES_HELP}`}
            placeholder={"type: Gift wrap\nproduct: 7100000000123"}
            autoComplete="off"
          />
          <BlockStack gap="100">
            <Text as="p" variant="bodySm" tone="subdued">
              An order with nothing left for HyperSKU is marked "not for HyperSKU"; a mixed order sends HyperSKU its part, and the order
              page lists the rest with the reason.
            </Text>
          </BlockStack>
        </FormLayout>
      </Card>
    </Layout.AnnotatedSection>
  );
}
