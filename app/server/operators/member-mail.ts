// Mails that operators' actions send to members (refunds, replies to
// complaints, activation): in the words of the member's own domain and
// language, not those of the console's host.
import { isLocale, type Locale } from "#app/i18n/locales.ts";
import { localeOfDomainLanguage } from "#app/i18n/negotiate.ts";
import type { AccountsContext } from "#app/server/accounts/context.ts";
import { loadSettings } from "#app/server/settings/resolve.ts";
import type { OperatorContext } from "./context.ts";

/** The origin links in a mail for `domain` point at: this request's own when it is that domain. */
export function originOf(app: Pick<OperatorContext, "domain" | "origin">, domain: string) {
  return domain === app.domain ? app.origin : `https://${domain}`;
}

/** An accounts context as if the request came to the member's domain in the member's language. */
export async function memberDomainContext(
  app: OperatorContext,
  member: { domain: string; language?: string | null },
): Promise<AccountsContext> {
  const settings = await loadSettings(app.env.SETTINGS, member.domain, app.now());
  const locale: Locale = isLocale(member.language)
    ? member.language
    : (localeOfDomainLanguage(settings.domain_language) ?? "nl");
  return {
    db: app.db,
    env: app.env,
    ctx: app.ctx,
    settings,
    locale,
    country: app.country,
    now: app.now,
    origin: originOf(app, member.domain),
    log: app.log,
    domain: member.domain,
  };
}
