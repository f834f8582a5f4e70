/**
 * The one translation of a failed delivery into what the digest job does next: try again with
 * backoff, whatever the server said. A 4xx is the server asking for exactly that; a 5xx (mailbox
 * unknown, message refused) may be a server or address the merchant or operator fixes meanwhile,
 * and the job's last attempt fails it. Nothing is lost either way: the digest's fingerprint is only
 * saved once a server accepted it, so a later check sends it again.
 */
import type { JobOutcome } from "~/queue";
import type { MailDeliveryError } from "./mailer.server";

export function mailJobOutcome(error: MailDeliveryError): JobOutcome {
  return { kind: "retry", error: error.message };
}
