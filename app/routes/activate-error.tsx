// /activate/error: "Activeren mislukt" and how to get help: the support
// address the footer shows (the domain's, else its company's), or, when there
// is none, a plain request to contact customer service.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ResendActivation } from "#app/components/accounts/activation-reminder.tsx";
import { useSiteChrome } from "#app/components/layout/use-site-chrome.ts";
import { requestContext } from "#app/context.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { awaitsActivation } from "#app/server/accounts/activation.ts";
import type { Route } from "./+types/activate-error";

export function loader({ context }: Route.LoaderArgs) {
  const { member } = context.get(requestContext);
  return {
    canResend: awaitsActivation(member),
    title: getI18n(context).t("accounts:activationError.title"),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function ActivateError({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const supportEmail = useSiteChrome()?.site.supportEmail ?? "";
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{t("activationError.title")}</h1>
      <p className="mt-3 text-muted">
        {supportEmail ? t("activationError.text", { email: supportEmail }) : t("activationError.textNoAddress")}
      </p>
      <div className="mt-6 flex flex-col items-center gap-3">
        {loaderData.canResend && <ResendActivation />}
        {supportEmail && (
          <a href={`mailto:${supportEmail}`} className="btn-outline">
            {t("activationError.contact")}
          </a>
        )}
        <Link to="/" className="text-sm text-primary underline">
          {t("activationError.home")}
        </Link>
      </div>
    </div>
  );
}
