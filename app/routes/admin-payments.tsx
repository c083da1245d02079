// /admin/payments: payments filtered by state, method, country, domain and
// date, 50 a page; a paid one can be refunded (provider, ledger, e-mail).
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { AdminPage, cell, DataTable, Empty, Pager, StatusBadge, When } from "#app/components/admin/page.tsx";
import { FormMessage } from "#app/components/forms/fields.tsx";
import { formatMoney } from "#app/i18n/format.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { type ActionAnswer, rejected, withDomainErrors } from "#app/routing/forms.server.ts";
import { requireOperator } from "#app/routing/guards.server.ts";
import { paymentFilterSchema, refundSchema } from "#app/schemas/admin.ts";
import { paymentMethods, paymentStatuses } from "#app/schemas/enums.ts";
import { can } from "#app/server/operators/roles.ts";
import { listPayments } from "#app/server/payments/history.ts";
import { refundPayment } from "#app/server/payments/refunds.ts";
import type { Route } from "./+types/admin-payments";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = requireOperator(context, "payments.view");
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const filter = paymentFilterSchema.parse(params);
  return {
    filter,
    ...(await listPayments(app, filter)),
    canRefund: can(app.operator.role, "payments.refund"),
    title: getI18n(context).t("admin:payments.title"),
  };
}

type Answer = { refunded?: number; result?: { error?: Record<string, string[] | null> } };

export async function action({ request, context }: Route.ActionArgs): ActionAnswer<Answer> {
  const app = requireOperator(context, "payments.refund");
  const submission = parseWithZod(await request.formData(), { schema: refundSchema });
  if (submission.status !== "success") return rejected(submission);
  return withDomainErrors(submission, getI18n(context).t, async () => {
    await refundPayment(app, submission.value.payment);
    return { refunded: submission.value.payment };
  });
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function Payments({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const { filter, rows, page, hasMore, canRefund } = loaderData;
  const pageHref = (n: number) => {
    const query = new URLSearchParams(
      Object.entries({ ...filter, page: n }).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
    );
    return `?${query}`;
  };
  return (
    <AdminPage title={t("payments.title")}>
      <Form method="get" className="card grid gap-3 p-4 sm:grid-cols-3 lg:grid-cols-7 lg:items-end">
        <Select
          name="status"
          label={t("payments.status")}
          value={filter.status}
          options={paymentStatuses.map((s) => [s, t(`statuses.${s}`)])}
        />
        <Select
          name="method"
          label={t("payments.method")}
          value={filter.method}
          options={paymentMethods.map((m) => [m, m])}
        />
        <Field name="country" label={t("payments.country")} value={filter.country} placeholder="NL" />
        <Field name="domain" label={t("payments.domain")} value={filter.domain} />
        <Field name="from" label={t("payments.from")} value={filter.from} type="date" />
        <Field name="to" label={t("payments.to")} value={filter.to} type="date" />
        <button type="submit" className="btn-primary">
          {t("payments.filter")}
        </button>
      </Form>
      {answer?.refunded && <FormMessage tone="success">{t("payments.refunded", { id: answer.refunded })}</FormMessage>}
      {answer?.result?.error?.[""] && <FormMessage>{answer.result.error[""].join(" ")}</FormMessage>}
      {rows.length === 0 ? (
        <Empty>{t("payments.none")}</Empty>
      ) : (
        <div className="card p-3">
          <DataTable
            caption={t("payments.title")}
            head={[
              t("payments.id"),
              t("members.when"),
              t("payments.member"),
              t("payments.amount"),
              t("payments.credits"),
              t("payments.method"),
              t("payments.country"),
              t("payments.domain"),
              t("payments.status"),
              "",
            ]}
          >
            {rows.map(({ payment, member }) => (
              <tr key={payment.id} data-testid={`payment-${payment.id}`}>
                <td className={cell}>{payment.id}</td>
                <td className={cell}>
                  <When at={payment.createdAt} />
                </td>
                <td className={cell}>
                  <Link to={`/admin/members/${member.id}`} className="text-primary hover:underline">
                    {member.name}
                  </Link>
                  <span className="block text-xs text-muted">{member.email}</span>
                </td>
                <td className={cell}>{formatMoney(payment.amountCents, payment.currency, locale)}</td>
                <td className={cell}>{payment.credits}</td>
                <td className={cell}>{payment.method}</td>
                <td className={cell}>{payment.country}</td>
                <td className={cell}>{payment.domain}</td>
                <td className={cell}>
                  <StatusBadge status={payment.status} />
                </td>
                <td className={cell}>
                  {canRefund && payment.status === "paid" && (
                    <Form method="post" className="flex items-center gap-2">
                      <input type="hidden" name="payment" value={payment.id} />
                      <label className="flex items-center gap-1 text-xs">
                        <input type="checkbox" name="confirm" required />
                        {t("payments.confirm")}
                      </label>
                      <button type="submit" className="btn-outline min-h-9 px-3">
                        {t("payments.refund")}
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
          <Pager page={page} hasMore={hasMore} href={pageHref} />
        </div>
      )}
    </AdminPage>
  );
}

function Select({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: [string, string][];
}) {
  const { t } = useTranslation("admin");
  return (
    <div>
      <label htmlFor={`filter-${name}`} className="field-label">
        {label}
      </label>
      <select id={`filter-${name}`} name={name} defaultValue={value ?? ""} className="field-input">
        <option value="">{t("payments.any")}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function Field({
  name,
  label,
  value,
  type = "text",
  placeholder,
}: {
  name: string;
  label: string;
  value: string | undefined;
  type?: string;
  placeholder?: string;
}) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className="field-label">
        {label}
      </label>
      <input
        id={`filter-${name}`}
        name={name}
        type={type}
        defaultValue={value ?? ""}
        placeholder={placeholder}
        className="field-input"
      />
    </div>
  );
}
