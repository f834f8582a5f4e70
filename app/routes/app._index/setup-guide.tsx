import { useEffect, useState } from "react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { Badge, BlockStack, Box, Button, Card, Checkbox, InlineStack, ProgressBar, Text } from "@shopify/polaris";
import type { SetupGuide as SetupGuideView, SetupStepId } from "~/domain/admin/setup-guide";
import { useIntentFetcher } from "~/lib/use-intent-fetcher";

/** Polaris' setup guide pattern: progress, one step open at a time with its action, dismissible. */
export function SetupGuide({ guide }: { guide: SetupGuideView }) {
  const { submit, busy, result } = useIntentFetcher<{ ok: boolean; message: string }, "mark_setup_step" | "dismiss_setup_guide">();
  const shopify = useAppBridge();
  useEffect(() => {
    if (result) shopify.toast.show(result.message, { isError: !result.ok });
  }, [result, shopify]);
  // The box shows the merchant's tick at once, while the app stores it.
  const [marking, setMarking] = useState<{ step: SetupStepId; done: boolean } | null>(null);
  const onMark = (step: SetupStepId, done: boolean) => {
    setMarking({ step, done });
    submit("mark_setup_step", { step, done: done ? "true" : "false" });
  };
  const onDismiss = () => submit("dismiss_setup_guide");
  const firstOpen = guide.steps.find((step) => !step.done)?.id ?? null;
  const [expanded, setExpanded] = useState<SetupStepId | null>(firstOpen);
  const total = guide.steps.length;
  return (
    <section aria-labelledby="setup-guide-heading">
      <Card>
        <BlockStack gap="300">
          <InlineStack align="space-between" blockAlign="center" gap="200">
            <Text as="h2" variant="headingMd" id="setup-guide-heading">
              Setup guide
            </Text>
            <Button variant="tertiary" onClick={onDismiss} disabled={busy} accessibilityLabel="Dismiss the setup guide">
              Dismiss
            </Button>
          </InlineStack>
          <Text as="p">
            {guide.completed === total
              ? "You are all set: orders now go to HyperSKU on their own. Dismiss this guide when you no longer need it."
              : "A few steps before your orders go to HyperSKU on their own."}
          </Text>
          <InlineStack gap="300" blockAlign="center" wrap={false}>
            <Text as="p" variant="bodySm" tone="subdued">
              {guide.completed} of {total} steps done
            </Text>
            <div style={{ flex: 1 }}>
              <ProgressBar progress={(guide.completed / total) * 100} size="small" tone="primary" />
            </div>
          </InlineStack>
          <BlockStack as="ol" gap="200">
            {guide.steps.map((step) => (
              <li key={step.id} style={{ listStyle: "none" }}>
                <Box padding="200" borderRadius="200" background={expanded === step.id ? "bg-surface-secondary" : undefined}>
                  <BlockStack gap="200">
                    <InlineStack gap="200" blockAlign="center" wrap={false}>
                      {step.markable ? (
                        <Checkbox
                          label={`Mark "${step.title}" as done`}
                          labelHidden
                          checked={busy && marking?.step === step.id ? marking.done : step.done}
                          disabled={busy}
                          onChange={(checked) => onMark(step.id, checked)}
                        />
                      ) : null}
                      <Button variant="monochromePlain" onClick={() => setExpanded(step.id)} ariaExpanded={expanded === step.id}>
                        {step.title}
                      </Button>
                      {step.done && <Badge tone="success">Done</Badge>}
                    </InlineStack>
                    {expanded === step.id && (
                      <BlockStack gap="200" inlineAlign="start">
                        <Text as="p" tone="subdued">
                          {step.description}
                        </Text>
                        <Button url={step.action.url} variant={step.done ? "secondary" : "primary"}>
                          {step.action.label}
                        </Button>
                      </BlockStack>
                    )}
                  </BlockStack>
                </Box>
              </li>
            ))}
          </BlockStack>
        </BlockStack>
      </Card>
    </section>
  );
}
