import { useEffect, useState } from "react";
import { BlockStack, Box, Button, ButtonGroup, Card, InlineStack, Text, TextField } from "@shopify/polaris";
import { Modal, TitleBar, useAppBridge } from "@shopify/app-bridge-react";
import type { OrderProblem, ProblemResolution } from "~/domain/admin/order-problems";
import type { SettleResult } from "~/domain/admin/order-problems.server";
import { useIntentFetcher } from "~/lib/use-intent-fetcher";
import { useValueChanged } from "~/components/use-value-changed";

export const PROBLEM_INTENTS = ["resolve_problem", "ignore_problem"] as const;
type ProblemIntent = (typeof PROBLEM_INTENTS)[number];

const INTENTS: Record<ProblemResolution, ProblemIntent> = { resolved: "resolve_problem", ignored: "ignore_problem" };
const VERBS: Record<ProblemResolution, { button: string; title: string; confirm: string }> = {
  resolved: { button: "Mark resolved", title: "Mark resolved", confirm: "Mark resolved" },
  ignored: { button: "Ignore", title: "Ignore", confirm: "Ignore the problem" },
};

type Settling = { problem: Pick<OrderProblem, "key" | "title">; resolution: ProblemResolution };

/**
 * The order's open problems (issue 19): each with its fix in plain words, links straight to where it
 * is fixed, and "Mark resolved" / "Ignore" with a note (an App Bridge modal), after which it leaves
 * the dashboard and the digest and the note shows on the timeline.
 */
export function ProblemsCard({ problems }: { problems: OrderProblem[] }) {
  const { submit, busy, result } = useIntentFetcher<SettleResult, ProblemIntent>();
  const shopify = useAppBridge();
  const [settling, setSettling] = useState<Settling | null>(null);
  const [note, setNote] = useState("");
  // The note a field error is about: typing again clears the error.
  const [submittedNote, setSubmittedNote] = useState("");

  // A settled problem closes its modal in the same render that shows the answer.
  const resultChanged = useValueChanged(result, undefined);
  if (resultChanged && result?.ok) {
    setSettling(null);
    setNote("");
  }
  useEffect(() => {
    if (result && !result.field) shopify.toast.show(result.message, { isError: !result.ok, duration: 6000 });
  }, [result, shopify]);

  if (problems.length === 0) return null;
  const open = (problem: OrderProblem, resolution: ProblemResolution) => {
    setNote("");
    setSettling({ problem: { key: problem.key, title: problem.title }, resolution });
  };
  const confirm = () => {
    if (!settling) return;
    setSubmittedNote(note);
    submit(INTENTS[settling.resolution], { problemKey: settling.problem.key, note });
  };
  const fieldError = result && !result.ok && result.field === "note" && settling && note === submittedNote ? result.message : undefined;

  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {problems.length === 1 ? "Problem to act on" : `${problems.length} problems to act on`}
        </Text>
        {problems.map((problem) => (
          <Box key={problem.key} borderInlineStartWidth="050" borderColor="border-critical" paddingInlineStart="300">
            <BlockStack gap="200">
              <Text as="h3" variant="headingSm">
                {problem.title}
              </Text>
              <Text as="p">{problem.description}</Text>
              <Text as="p">
                <Text as="span" fontWeight="semibold">
                  What to do:
                </Text>{" "}
                {problem.fix}
              </Text>
              <InlineStack gap="300" wrap>
                {problem.links.map((link) => (
                  <Button
                    key={link.url}
                    variant="plain"
                    url={link.url}
                    external={link.external}
                    target={link.external ? undefined : "_top"}
                  >
                    {link.label}
                  </Button>
                ))}
              </InlineStack>
              <ButtonGroup>
                <Button onClick={() => open(problem, "resolved")} accessibilityLabel={`Mark resolved: ${problem.title}`}>
                  {VERBS.resolved.button}
                </Button>
                <Button variant="tertiary" onClick={() => open(problem, "ignored")} accessibilityLabel={`Ignore: ${problem.title}`}>
                  {VERBS.ignored.button}
                </Button>
              </ButtonGroup>
            </BlockStack>
          </Box>
        ))}
      </BlockStack>
      <Modal id="settle-problem" open={settling !== null} onHide={() => setSettling(null)}>
        <Box padding="400">
          <BlockStack gap="300">
            <Text as="p">
              {settling?.resolution === "ignored"
                ? "The problem stays as it is, but the dashboard and the e-mail digest stop asking about it. A new problem on this order shows again."
                : "Once you have fixed it yourself, the dashboard and the e-mail digest stop asking about it. A new problem on this order shows again."}
            </Text>
            <TextField
              label="Note for the order's timeline"
              value={note}
              onChange={setNote}
              multiline={3}
              maxLength={500}
              autoComplete="off"
              error={fieldError}
              helpText="What you did, or why it can be left as it is."
            />
          </BlockStack>
        </Box>
        <TitleBar title={settling ? `${VERBS[settling.resolution].title}: ${settling.problem.title}` : ""}>
          <button variant="primary" loading={busy ? "" : undefined} onClick={confirm}>
            {settling ? VERBS[settling.resolution].confirm : "Save"}
          </button>
          <button onClick={() => setSettling(null)}>Back</button>
        </TitleBar>
      </Modal>
    </Card>
  );
}
