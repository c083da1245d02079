// A payment booked as paid may make the member's spending a sign of
// vulnerability (vulnerable.ts, checkSpending): checked right after the
// booking, with the settings of the domain the payment was made on. It never
// fails the booking: should it fail, the check runs again when the member next
// writes to a fictional profile.
import type { RequestContext } from "#app/context.ts";
import type { payments } from "#app/server/db/schema.ts";
import { errorFields } from "#app/server/log.ts";
import { loadSettings } from "#app/server/settings/resolve.ts";
import { checkSpending } from "./vulnerable.ts";

export async function checkSpendingAfterPayment(
  app: Pick<RequestContext, "db" | "env" | "now" | "log">,
  payment: Pick<typeof payments.$inferSelect, "id" | "userId" | "domain">,
) {
  try {
    const settings = await loadSettings(app.env.SETTINGS, payment.domain, app.now());
    await checkSpending({ ...app, settings }, payment.userId);
  } catch (error) {
    app.log.warn("spending not checked after a payment", { paymentId: payment.id, ...errorFields(error) });
  }
}
