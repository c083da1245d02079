// /lang-config: choose the language. Sets the locale cookie (365 days)
// and goes back where the visitor came from, without the language that address
// asked for (?lng= wins over the cookie). The language dropdown posts here.
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { LanguageChoice } from "#app/components/nav/language-menu.tsx";
import { requestContext } from "#app/context.ts";
import { LOCALE_QUERY } from "#app/i18n/alternates.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { locales, visibleLocales } from "#app/i18n/locales.ts";
import { languageSchema } from "#app/schemas/language.ts";
import { setLanguage } from "#app/server/accounts/account-settings.ts";
import { localeCookie } from "#app/server/http/cookies.ts";
import { safeRedirectPath } from "#app/server/http/redirect.ts";
import type { Route } from "./+types/lang-config";

const schema = z.object({
  locale: languageSchema,
  redirectTo: z.string().optional(),
});

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(requestContext);
  return { current: app.locale, suggested: visibleLocales(app.country), title: getI18n(context).t("langConfig.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(requestContext);
  const form = schema.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) {
    throw data({ message: getI18n(context).t("errors:invalidLocale") }, { status: 400 });
  }
  // A member's language is kept with the account too.
  if (app.member) await setLanguage(app, app.member, form.data.locale);
  const back = new URL(safeRedirectPath(form.data.redirectTo, "/"), app.origin);
  back.searchParams.delete(LOCALE_QUERY);
  return redirect(back.pathname + back.search + back.hash, {
    headers: {
      "Set-Cookie": localeCookie(request, form.data.locale),
    },
  });
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function LangConfig({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { current, suggested } = loaderData;
  const others = locales.filter((l) => !suggested.includes(l));
  const group = (title: string, list: readonly (typeof locales)[number][]) => (
    <fieldset className="mt-6">
      <legend className="mb-2 text-sm font-semibold text-muted">{title}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {list.map((locale) => (
          <LanguageChoice
            key={locale}
            locale={locale}
            aria-pressed={locale === current}
            className="btn-outline justify-start aria-pressed:border-primary aria-pressed:text-primary"
          />
        ))}
      </div>
    </fieldset>
  );
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <Link to="/" className="text-sm font-semibold text-primary hover:underline">
        ← {t("langConfig.back")}
      </Link>
      <h1 className="mt-4 text-2xl font-bold">{t("langConfig.title")}</h1>
      <p className="mt-2 text-muted">{t("langConfig.intro")}</p>
      <Form method="post" reloadDocument>
        <input type="hidden" name="redirectTo" value="/" />
        {group(t("langConfig.suggested"), suggested)}
        {others.length > 0 && group(t("langConfig.other"), others)}
      </Form>
    </div>
  );
}
