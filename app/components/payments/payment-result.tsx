// The states of a payment: loading (the provider has not said yet),
// pending ("being processed"), completed, failed or cancelled (a
// failed credit-card payment offers PayPal or another try), refunded or
// charged back. While it is open or pending the page asks /api/payments/<id>
// 3 s after its last answer (each ask retried) and reloads its data once the
// answer changes; a direct debit's
// collection takes days, so its pending state says so and is not polled.
import { CircleCheck, CircleX, Landmark, LoaderCircle, RotateCcw, Undo2, Wallet } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRevalidator } from "react-router";
import { apiFetch } from "#app/components/runtime/api.ts";
import { formatMoney } from "#app/i18n/format.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { paymentMovedOn } from "./payment-poll.ts";

const POLL_MS = 3_000;

export type PaymentView = {
  id: number;
  status: "open" | "pending" | "paid" | "failed" | "cancelled" | "expired" | "refunded" | "charged_back";
  credits: number;
  amountCents: number;
  currency: string;
  method: string;
  packageId: number | null;
  createdAt: number;
  /** Local sandbox only: where to choose the bank's answer to a pending collection. */
  sandboxUrl?: string | null;
};

const collecting = (payment: PaymentView) => payment.method === "directdebit" && payment.status === "pending";

function usePaymentPolling(payment: PaymentView) {
  const revalidator = useRevalidator();
  const waiting = (payment.status === "open" || payment.status === "pending") && !collecting(payment);
  useEffect(() => {
    if (!waiting) return;
    const stop = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      const response = await apiFetch(`/api/payments/${payment.id}`, { signal: stop.signal }).catch(() => null);
      if (stop.signal.aborted) return;
      if (response?.ok && paymentMovedOn(await response.json(), payment)) return void revalidator.revalidate();
      timer = setTimeout(ask, POLL_MS);
    };
    timer = setTimeout(ask, POLL_MS);
    return () => {
      stop.abort();
      clearTimeout(timer);
    };
  }, [waiting, payment, revalidator]);
}

function State({
  icon,
  title,
  tone,
  children,
}: {
  icon: ReactNode;
  title: string;
  tone: "info" | "success" | "danger";
  children?: ReactNode;
}) {
  const tones = { info: "text-secondary", success: "text-success", danger: "text-danger" };
  return (
    <section className="card p-6 text-center sm:p-8" aria-labelledby="payment-state" data-testid="payment-state">
      <div className={`mx-auto mb-3 flex justify-center ${tones[tone]}`}>{icon}</div>
      <h1 id="payment-state" className={`text-2xl font-black ${tones[tone]}`} aria-live="polite">
        {title}
      </h1>
      <div className="mt-3 space-y-3">{children}</div>
    </section>
  );
}

export function PaymentResult({
  payment,
  balance,
  firstPurchase,
  messageCredits,
  returnTo = null,
}: {
  payment: PaymentView;
  balance: number;
  firstPurchase: boolean;
  /** What a message costs the member: "you are premium now" says it with what premium gives. */
  messageCredits: number;
  /** The conversation the purchase was started from (checked by the server), to go back to. */
  returnTo?: string | null;
}) {
  const { t } = useTranslation("payments");
  const locale = useLocale();
  usePaymentPolling(payment);
  const spinner = <LoaderCircle className="size-12 animate-spin motion-reduce:animate-none" aria-hidden="true" />;
  const retryBase = payment.packageId ? `/credits/${payment.packageId}` : "/credits";
  const retry = (method: string) =>
    `${retryBase}/${method}${returnTo ? `?${new URLSearchParams({ return: returnTo })}` : ""}`;

  switch (payment.status) {
    case "open":
      return (
        <State icon={spinner} title={t("transactions.loading")} tone="info">
          <p className="text-muted">{t("transactions.waitingText")}</p>
        </State>
      );
    case "pending":
      if (collecting(payment)) {
        const amount = formatMoney(payment.amountCents, payment.currency, locale);
        return (
          <State
            icon={<Landmark className="size-12" aria-hidden="true" />}
            title={t("transactions.collectionPending")}
            tone="info"
          >
            <p>{t("transactions.collectionPendingText", { amount, count: payment.credits })}</p>
            <p className="text-sm text-muted">{t("transactions.collectionPendingHint")}</p>
            {payment.sandboxUrl && (
              <a href={payment.sandboxUrl} className="btn-outline" data-testid="sandbox-collection">
                {t("transactions.sandboxCollection")}
              </a>
            )}
          </State>
        );
      }
      return (
        <State icon={spinner} title={t("transactions.pending")} tone="info">
          <p className="text-muted">{t("transactions.pendingText")}</p>
        </State>
      );
    case "paid":
      return (
        <State
          icon={<CircleCheck className="size-12" aria-hidden="true" />}
          title={t("transactions.completed")}
          tone="success"
        >
          <p>{t("transactions.creditsAdded", { count: payment.credits })}</p>
          <p className="font-semibold" data-testid="balance">
            {t("transactions.balance", { count: balance })}
          </p>
          {firstPurchase && (
            <p className="rounded-lg bg-primary-soft p-3 font-semibold text-primary" data-testid="premium-now">
              {t("transactions.premiumNow", { count: messageCredits })}
            </p>
          )}
          <div className="flex flex-wrap justify-center gap-3 pt-2">
            {returnTo ? (
              <Link to={returnTo} className="btn-primary" data-testid="back-to-conversation">
                {t("transactions.toConversation")}
              </Link>
            ) : (
              <>
                <Link to="/members" className="btn-primary">
                  {t("transactions.toMembers")}
                </Link>
                <Link to="/chats" className="btn-outline">
                  {t("transactions.toChats")}
                </Link>
              </>
            )}
          </div>
        </State>
      );
    case "charged_back":
      return (
        <State
          icon={<Undo2 className="size-12" aria-hidden="true" />}
          title={t("transactions.chargedBack")}
          tone="danger"
        >
          <p>{t("transactions.chargedBackText")}</p>
        </State>
      );
    case "refunded":
      return (
        <State
          icon={<RotateCcw className="size-12" aria-hidden="true" />}
          title={t("transactions.refunded")}
          tone="info"
        />
      );
    default:
      return (
        <State icon={<CircleX className="size-12" aria-hidden="true" />} title={t("transactions.failed")} tone="danger">
          <p>{t("transactions.failedText")}</p>
          <div className="flex flex-wrap justify-center gap-3 pt-2">
            {payment.method === "creditcard" && payment.status === "failed" ? (
              <>
                <Link to={retry("paypal")} className="btn-primary">
                  <Wallet className="size-5" aria-hidden="true" />
                  {t("transactions.tryPaypal")}
                </Link>
                <Link to={retry("creditcard")} className="btn-outline">
                  {t("transactions.retry")}
                </Link>
              </>
            ) : (
              <Link to={retry(payment.method)} className="btn-primary">
                {t("transactions.retry")}
              </Link>
            )}
          </div>
        </State>
      );
  }
}
