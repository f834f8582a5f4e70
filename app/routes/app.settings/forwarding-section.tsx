import { Card, Checkbox, ChoiceList, FormLayout, Layout, TextField } from "@shopify/polaris";
import { MAX_HOLD_MINUTES } from "~/domain/admin/settings-fields";
import { FIELD_LABELS, fieldId, type SectionProps } from "./fields";

export function ForwardingSection({ values, errors, set }: SectionProps) {
  return (
    <Layout.AnnotatedSection id="forwarding" title="Forwarding rules" description="Which orders go to HyperSKU, and when.">
      <Card>
        <FormLayout>
          <div id={fieldId("forwardTrigger")} tabIndex={-1}>
            <ChoiceList
              title={FIELD_LABELS.forwardTrigger}
              name="forwardTrigger"
              choices={[
                {
                  label: "The order is paid (recommended)",
                  value: "paid",
                  helpText: "HyperSKU buys the items only for orders you have been paid for.",
                },
                {
                  label: "The order is created",
                  value: "created",
                  helpText: "Also sends orders that are not paid yet (cash on delivery, bank transfer).",
                },
              ]}
              selected={[values.forwardTrigger]}
              onChange={(selected) => set("forwardTrigger")(selected[0] ?? "paid")}
              error={errors.forwardTrigger}
            />
          </div>
          <TextField
            id={fieldId("holdMinutes")}
            name="holdMinutes"
            label={`${FIELD_LABELS.holdMinutes} (minutes)`}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_HOLD_MINUTES}
            value={values.holdMinutes}
            onChange={set("holdMinutes")}
            error={errors.holdMinutes}
            helpText={`0 sends at once. Up to ${MAX_HOLD_MINUTES.toLocaleString("en-US")} (one week): time for a fraud review or early edits.`}
            autoComplete="off"
          />
          <Checkbox
            id={fieldId("skipTestOrders")}
            name="skipTestOrders"
            label="Don't send test orders"
            helpText="Orders placed with Shopify's test payment gateway stay in Shopify."
            checked={values.skipTestOrders === "true"}
            onChange={(checked) => set("skipTestOrders")(String(checked))}
            error={errors.skipTestOrders}
          />
          <TextField
            id={fieldId("excludedTags")}
            name="excludedTags"
            label={FIELD_LABELS.excludedTags}
            value={values.excludedTags}
            onChange={set("excludedTags")}
            error={errors.excludedTags}
            helpText="Orders with any of these tags are not sent. Separate tags with commas; capitals do not matter."
            placeholder="wholesale, no-hypersku"
            autoComplete="off"
          />
        </FormLayout>
      </Card>
    </Layout.AnnotatedSection>
  );
}
