// /credits/repeat-order: the member's earlier orders, each package and method
// once, bought again in one click at today's price (an order whose method is no
// longer offered leads to the package's checkout to choose one); or another
// package from /credits. The credits page shows the newest of them on top.

import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link, redirect, redirectDocument } from "react-router";
import { ActionError } from "#app/components/forms/action-error.tsx";
import { OrderedOn } from "#app/components/payments/last-order.tsx";
import { MethodIcon } from "#app/components/payments/method-icon.tsx";
import { OrderAgain } from "#app/components/payments/order-again.tsx";
import { Price } from "#app/components/payments/price.tsx";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { withDomainMessage } from "#app/routing/forms.server.ts";
import { requireMember } from "#app/routing/guards.server.ts";
import { checkoutSchema } from "#app/schemas/payments.ts";
import { startCheckout } from "#app/server/payments/checkout.ts";
import { repeatableOrders } from "#app/server/payments/offers.ts";
import type { Route } from "./+types/credits-repeat-order";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, member } = requireMember(context, request);
  const t = getI18n(context).t;
  return { ...(await repeatableOrders(app, member)), title: t("payments:repeat.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { app, member } = requireMember(context, request);
  const t = getI18n(context).t;
  const submission = parseWithZod(await request.formData(), { schema: checkoutSchema });
  if (submission.status !== "success") throw data({ message: t("errors:invalidInput") }, { status: 400 });
  const { package: packageId, method } = submission.value;
  if (method === "directdebit") return redirect(`/directdebit?package=${packageId}`);
  return withDomainMessage(
    t,
    async () => {
      const { checkoutUrl } = await startCheckout(app, member, { packageId, method, country: member.profile.country });
      return redirectDocument(checkoutUrl);
    },
    { package: packageId, method },
  );
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function RepeatOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("payments");
  const { orders, discount, title } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-black">{title}</h1>
      <p className="mt-1 text-muted">{t("repeat.intro")}</p>
      <ActionError actionData={actionData} className="mt-4" />
      {orders.length === 0 ? (
        <p className="card mt-6 p-6 text-center text-muted">{t("repeat.empty")}</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {orders.map(({ id, method, lastOrderedAt, offer }) => (
            <li key={id} className="card flex flex-wrap items-center gap-4 p-5" data-testid="repeat-order">
              {method && <MethodIcon method={method} className="size-8 shrink-0 text-primary" />}
              <div className="min-w-0 flex-1 basis-40">
                <h2 className="text-lg font-bold">{t("package.credits", { count: offer.credits })}</h2>
                <OrderedOn method={method} lastOrderedAt={lastOrderedAt} />
              </div>
              <Price
                priceCents={offer.priceCents}
                amountCents={offer.amountCents}
                currency={offer.currency}
                percentage={discount?.percentage}
                size="md"
              />
              <OrderAgain offer={offer} method={method} label={t("repeat.buyAgain")} className="w-full sm:w-auto" />
            </li>
          ))}
        </ul>
      )}
      <Link to="/credits" className="btn-outline mt-6">
        {t("repeat.other")}
      </Link>
    </div>
  );
}
