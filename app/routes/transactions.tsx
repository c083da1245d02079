// /transactions/{id?}: where the provider sends the member back.
// With an id, that payment's state (only the member's own: another's is not
// found); without, the member's recent payments.
import { invariantResponse } from "@epic-web/invariant";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PaymentResult, type PaymentView } from "#app/components/payments/payment-result.tsx";
import { formatDate, formatMoney } from "#app/i18n/format.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { orErrorPage } from "#app/routing/forms.server.ts";
import { requireMember } from "#app/routing/guards.server.ts";
import { parseId } from "#app/routing/params.ts";
import { ownPayment, type Payment } from "#app/server/payments/checkout.ts";
import { creditValue } from "#app/server/payments/credits-overview.ts";
import { isFirstPurchase, recentPayments } from "#app/server/payments/history.ts";
import { returnFromUrl } from "#app/server/payments/return-path.ts";
import { sandboxCollectionUrl } from "#app/server/payments/sandbox.ts";
import type { Route } from "./+types/transactions";

const view = (p: Payment): PaymentView => ({
  id: p.id,
  status: p.status,
  credits: p.credits,
  amountCents: p.amountCents,
  currency: p.currency,
  method: p.method,
  packageId: p.packageId,
  createdAt: p.createdAt,
});

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app, member } = requireMember(context, request);
  const t = getI18n(context).t;
  if (params.id === undefined) {
    const payments = await recentPayments(app, member.id);
    return {
      payment: null,
      payments: payments.map(view),
      balance: member.credits,
      firstPurchase: false,
      messageCredits: 0,
      returnTo: null,
      title: t("payments:transactions.listTitle"),
    };
  }
  const id = parseId(params.id);
  invariantResponse(id, () => t("errors:paymentNotFound"), { status: 404 });
  const payment = await orErrorPage(t, () => ownPayment(app, member.id, id));
  return {
    payment: { ...view(payment), sandboxUrl: sandboxCollectionUrl(payment) },
    payments: null,
    balance: member.credits,
    firstPurchase: await isFirstPurchase(app, member.id, payment),
    messageCredits: creditValue(app.settings, member.profile.country).message,
    returnTo: await returnFromUrl(app, member.id, request.url),
    title: t("payments:transactions.title"),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function Transactions({ loaderData }: Route.ComponentProps) {
  const { payment, payments, balance, firstPurchase, messageCredits, returnTo } = loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      {payment ? (
        <PaymentResult
          payment={payment}
          balance={balance}
          firstPurchase={firstPurchase}
          messageCredits={messageCredits}
          returnTo={returnTo}
        />
      ) : (
        <PaymentList payments={payments ?? []} />
      )}
    </div>
  );
}

const statusTone: Record<PaymentView["status"], string> = {
  open: "bg-line text-ink",
  pending: "bg-unread text-unread-ink",
  paid: "bg-success text-white",
  failed: "bg-danger text-white",
  cancelled: "bg-danger text-white",
  expired: "bg-line text-ink",
  refunded: "bg-secondary text-white",
  charged_back: "bg-danger text-white",
};

function PaymentList({ payments }: { payments: PaymentView[] }) {
  const { t } = useTranslation("payments");
  const locale = useLocale();
  return (
    <section aria-labelledby="payments-title">
      <h1 id="payments-title" className="text-3xl font-black">
        {t("transactions.listTitle")}
      </h1>
      {payments.length === 0 ? (
        <div className="card mt-6 space-y-4 p-6 text-center">
          <p className="text-muted">{t("transactions.empty")}</p>
          <Link to="/credits" className="btn-primary">
            {t("credits.title")}
          </Link>
        </div>
      ) : (
        <ul className="card mt-6 divide-y divide-line">
          {payments.map((p) => (
            <li key={p.id}>
              <Link
                to={`/transactions/${p.id}`}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 p-4 hover:bg-primary-soft"
              >
                <span>
                  <span className="block font-semibold">{t("package.credits", { count: p.credits })}</span>
                  <span className="block text-sm text-muted">
                    {formatDate(p.createdAt, locale, { dateStyle: "medium" })} · {t(`methods.${p.method}`)}
                  </span>
                </span>
                <span className="flex items-center gap-3">
                  <span className="font-semibold">{formatMoney(p.amountCents, p.currency, locale)}</span>
                  <span className={`badge px-2 ${statusTone[p.status]}`}>{t(`transactions.status.${p.status}`)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
