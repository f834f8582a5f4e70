import { BlockStack, Card, Layout, TextField } from "@shopify/polaris";
import { ConnectionCard } from "~/components/ConnectionCard";
import type { ConnectionView } from "~/domain/connection/connection-view.server";
import { FIELD_LABELS, fieldId, type SectionProps } from "./fields";

/** The platform code, and the connection card (its actions go to the connection page's route). */
export function HyperskuSection({
  values,
  errors,
  set,
  defaultPlatformCode,
  connection,
}: SectionProps & { defaultPlatformCode: number; connection: ConnectionView }) {
  return (
    <Layout.AnnotatedSection id="hypersku" title="HyperSKU" description="Your HyperSKU account and how orders are labelled there.">
      <BlockStack gap="400">
        <Card>
          <TextField
            id={fieldId("platformCode")}
            name="platformCode"
            label={FIELD_LABELS.platformCode}
            type="number"
            inputMode="numeric"
            min={0}
            value={values.platformCode}
            onChange={set("platformCode")}
            error={errors.platformCode}
            helpText={`Leave empty to use the default (${defaultPlatformCode}). Change it only if HyperSKU asks you to.`}
            autoComplete="off"
          />
        </Card>
        <ConnectionCard view={connection} action="/app/connection" />
      </BlockStack>
    </Layout.AnnotatedSection>
  );
}
