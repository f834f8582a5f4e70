/**
 * The one translation of a failed delivery into what the digest job does next.
 *
 * A refusal or deferral, or a server that could not be reached, is tried again with backoff,
 * whatever the server said. A 4xx is the server asking for exactly that; a 5xx (mailbox unknown,
 * message refused) may be a server or address the merchant or operator fixes meanwhile, and the
 * job's last attempt fails it. Nothing is lost either way: the digest's fingerprint is only saved
 * once a server accepted it, so a later check sends it again.
 *
 * A message whose outcome is unknown (it went to the server, no answer came) waits instead,
 * without using an attempt: longer than a mail server may take to answer the end of a message
 * (RFC 5321 section 4.5.3.2.6 has the client wait 10 minutes for it), so that a server that was
 * only slow has answered, and delivered, before the app sends it again (docs/decisions/0021).
 */
import type { JobOutcome } from "~/queue";
import type { MailDeliveryError } from "./mailer.server";

export const UNCONFIRMED_MAIL_WAIT_MS = 15 * 60_000;

/** `sentAt`: when the message went (the wait of an unconfirmed one counts from then). */
export function mailJobOutcome(error: MailDeliveryError, sentAt: Date): JobOutcome {
  if (error.outcomeUnknown) {
    return {
      kind: "reschedule",
      runAt: new Date(sentAt.getTime() + UNCONFIRMED_MAIL_WAIT_MS),
      note: `${error.message} It may have arrived: not sent again before this time.`,
    };
  }
  return { kind: "retry", error: error.message };
}
