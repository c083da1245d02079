// /mail-change/do?token=: confirms a new e-mail address.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormMessage } from "#app/components/forms/fields.tsx";
import { requestContext } from "#app/context.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { withDomainMessage } from "#app/routing/forms.server.ts";
import { confirmEmailChange } from "#app/server/accounts/account-settings.ts";
import type { Route } from "./+types/mail-change-do";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(requestContext);
  const t = getI18n(context).t;
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const title = t("accounts:mailChange.title");
  return withDomainMessage(
    t,
    async () => {
      const { email } = await confirmEmailChange(app, token);
      return { ok: true as const, message: t("accounts:mailChange.done", { email }), title };
    },
    { ok: false as const, title },
  );
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function MailChangeDo({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="mb-4 text-2xl font-bold">{t("mailChange.title")}</h1>
      <FormMessage tone={loaderData.ok ? "success" : "danger"}>{loaderData.message}</FormMessage>
      <Link to={loaderData.ok ? "/notifications" : "/"} className="btn-primary mt-6">
        {loaderData.ok ? t("mailChange.toSettings") : t("activationError.home")}
      </Link>
    </div>
  );
}
