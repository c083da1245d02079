// /payments/sandbox/{ref}: the local sandbox provider's hosted checkout.
// A resource route answering a whole document, so the payer leaves
// the site's frame as with a real provider; no login, the reference is the key.
// The payer picks the outcome (for a direct debit's collection: what the bank
// answered; for a paid payment: a charge-back, then its reversal); then, as a
// provider does, the sandbox calls the webhook and sends the payer back to the
// payment's redirect URL.
import { renderToStaticMarkup } from "react-dom/server";
import { redirect } from "react-router";
import { z } from "zod";
import { SandboxCheckout, type SandboxTexts } from "#app/components/payments/sandbox-checkout.tsx";
import { type RequestContext, requestContext } from "#app/context.ts";
import { formatMoney } from "#app/i18n/format.ts";
import { translator } from "#app/i18n/i18next.server.ts";
import { sandboxPayment } from "#app/server/payments/sandbox.ts";
import { choicesFor, chooseSandboxOutcome, sandboxChoices } from "#app/server/payments/sandbox-checkout.ts";
import type { Route } from "./+types/payments-sandbox";

const outcomeSchema = z.enum(sandboxChoices);
type SandboxRow = NonNullable<Awaited<ReturnType<typeof sandboxPayment>>>;

function page(app: RequestContext, row: SandboxRow | null, status = row ? 200 : 404) {
  const t = translator(app.locale);
  const texts: SandboxTexts = {
    provider: t("payments:sandbox.provider"),
    test: t("payments:sandbox.test"),
    title: t("payments:sandbox.title"),
    notice: t("payments:sandbox.notice"),
    amount: t("payments:sandbox.amount"),
    description: t("payments:sandbox.description"),
    method: t("payments:sandbox.method"),
    choose: t("payments:sandbox.choose"),
    outcomes: {
      paid: t("payments:sandbox.paid"),
      failed: t("payments:sandbox.failed"),
      canceled: t("payments:sandbox.cancelled"),
      pending: t("payments:sandbox.pending"),
      chargeback: t("payments:sandbox.chargeback"),
      reversed: t("payments:sandbox.reversed"),
    },
    done: row ? t("payments:sandbox.done", { status: t(`payments:sandbox.status.${row.status}`) }) : null,
    back: t("payments:sandbox.back"),
    notFound: t("payments:sandbox.notFound"),
    error: status === 400 ? t("errors:invalidInput") : null,
    footer: t("payments:sandbox.footer"),
  };
  const payment = row && {
    amount: formatMoney(row.amountCents, row.currency, app.locale),
    description: row.description,
    method: t(`payments:methods.${row.method}`),
    redirectUrl: row.redirectUrl,
    choices: choicesFor(row),
  };
  const html = renderToStaticMarkup(<SandboxCheckout lang={app.locale} texts={texts} payment={payment} />);
  return new Response(`<!doctype html>${html}`, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(requestContext);
  return page(app, await sandboxPayment(app.db, params.ref));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(requestContext);
  const row = await sandboxPayment(app.db, params.ref);
  if (!row) return page(app, null);
  const outcome = outcomeSchema.safeParse((await request.formData()).get("outcome"));
  if (!outcome.success) return page(app, row, 400);
  await chooseSandboxOutcome(app, row, outcome.data);
  return redirect(row.redirectUrl);
}
