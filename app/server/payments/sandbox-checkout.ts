// The payer's choice on the sandbox's hosted checkout, as at a real provider:
// a settled payment cannot be paid (or failed) again, and the choice is
// followed by the provider's webhook. Once paid, a developer may have the
// payer's bank charge it back, and then reverse that charge-back, to try
// charge-backs locally. The webhook runs in-process: a fetch() to our own
// /api/payments/webhook/sandbox would be a subrequest to this very Worker.
// Only the reference goes over; the status is asked from the provider, as
// always.
import { handleWebhook } from "./checkout.ts";
import { chargeBackSandboxPayment, settleSandboxPayment } from "./sandbox.ts";

type SandboxRow = { id: string; status: string; chargedBackCents: number };
type Outcome = Parameters<typeof settleSandboxPayment>[2];
export const sandboxChoices = ["paid", "failed", "canceled", "pending", "chargeback", "reversed"] as const;
export type SandboxChoice = (typeof sandboxChoices)[number];

/** Whether the payer may still choose an outcome. */
export const isSandboxOpen = (row: Pick<SandboxRow, "status">) => row.status === "open" || row.status === "pending";

/** What may be chosen now: the payer's outcome while open; a charge-back once paid; its reversal once charged back. */
export function choicesFor(row: Pick<SandboxRow, "status" | "chargedBackCents">): SandboxChoice[] {
  if (isSandboxOpen(row)) return ["paid", "failed", "canceled", "pending"];
  if (row.status !== "paid") return [];
  return row.chargedBackCents > 0 ? ["reversed"] : ["chargeback"];
}

/** Applies a choice the payment still allows and delivers the webhook; any other choice changes nothing. */
export async function chooseSandboxOutcome(
  app: Parameters<typeof handleWebhook>[0],
  row: SandboxRow,
  choice: SandboxChoice,
) {
  if (!choicesFor(row).includes(choice)) return;
  if (choice === "chargeback" || choice === "reversed") {
    await chargeBackSandboxPayment(app.db, row.id, choice === "reversed");
  } else {
    await settleSandboxPayment(app.db, row.id, choice as Outcome);
  }
  await handleWebhook(app, "sandbox", row.id);
}
