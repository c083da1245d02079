// The payer's choice on the sandbox's hosted checkout, as at a real provider:
// a settled payment cannot be paid (or failed) again, and the choice is
// followed by the provider's webhook. That webhook runs in-process: a fetch()
// to our own /api/payments/webhook/sandbox would be a subrequest to this very
// Worker. Only the reference goes over; the status is asked from the
// provider, as always.
import { handleWebhook } from "./checkout.ts";
import { settleSandboxPayment } from "./sandbox.ts";

type SandboxRow = { id: string; status: string };
type Outcome = Parameters<typeof settleSandboxPayment>[2];

/** Whether the payer may still choose an outcome. */
export const isSandboxOpen = (row: SandboxRow) => row.status === "open" || row.status === "pending";

/** Settles an open sandbox payment as the payer chose and delivers the webhook; a settled one stays as it is. */
export async function chooseSandboxOutcome(
  app: Parameters<typeof handleWebhook>[0],
  row: SandboxRow,
  outcome: Outcome,
) {
  if (!isSandboxOpen(row)) return;
  await settleSandboxPayment(app.db, row.id, outcome);
  await handleWebhook(app, "sandbox", row.id);
}
