import { useEffect } from "react";
import { Banner, BlockStack, Link, List, Text } from "@shopify/polaris";
import { useAppBridge } from "@shopify/app-bridge-react";
import type { DashboardProblem } from "~/domain/admin/dashboard-problems";
import { useIntentFetcher } from "~/lib/use-intent-fetcher";

/** What needs the merchant: one banner per problem, with a link or an action that fixes it. */
export function Problems({ problems }: { problems: DashboardProblem[] }) {
  const { submit, busy, result } = useIntentFetcher<{ ok: boolean; message: string }, string>();
  const shopify = useAppBridge();
  useEffect(() => {
    if (result) shopify.toast.show(result.message, { isError: !result.ok });
  }, [result, shopify]);

  return (
    <section aria-labelledby="problems-heading">
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd" id="problems-heading">
          Needs your attention
        </Text>
        {problems.map((problem) => {
          const fix = problem.action;
          const action =
            fix.kind === "link"
              ? { content: fix.label, url: fix.url, ...(fix.external ? { external: true } : {}) }
              : { content: fix.label, loading: busy, onAction: () => submit(fix.intent) };
          const secondary = problem.secondaryAction && { content: problem.secondaryAction.label, url: problem.secondaryAction.url };
          return (
            <Banner key={problem.id} tone={problem.tone} title={problem.title} action={action} secondaryAction={secondary}>
              <BlockStack gap="200">
                <Text as="p">{problem.description}</Text>
                {problem.details.length > 0 && (
                  <List type="bullet">
                    {problem.details.map((detail) => (
                      <List.Item key={detail.text}>{detail.url ? <Link url={detail.url}>{detail.text}</Link> : detail.text}</List.Item>
                    ))}
                  </List>
                )}
              </BlockStack>
            </Banner>
          );
        })}
      </BlockStack>
    </section>
  );
}
