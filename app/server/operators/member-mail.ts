// Mails that operators' actions send to members (refunds, replies to
// complaints, activation): in the words of the member's own domain and
// language, not those of the console's host.
import { isLocale, type Locale } from "#app/i18n/locales.ts";
import { localeOfDomainLanguage } from "#app/i18n/negotiate.ts";
import type { AccountsContext } from "#app/server/accounts/context.ts";
import { loadSettings } from "#app/server/settings/resolve.ts";
import type { OperatorContext } from "./context.ts";

/** The origin links in a mail for `domain` point at: this request's own when it is that domain. */
function originOf(app: Pick<OperatorContext, "domain" | "origin">, domain: string) {
  return domain === app.domain ? app.origin : `https://${domain}`;
}

/** What a mail to a member is written with: their domain's settings, their language, the links' origin. */
export type MemberMailSite = Pick<AccountsContext, "settings" | "locale" | "origin">;

/** The member's domain and language; with no request (the hourly job) links point at their domain. */
export async function memberMailSite(
  app: Pick<OperatorContext, "env" | "now"> & Partial<Pick<OperatorContext, "domain" | "origin">>,
  member: { domain: string; language?: string | null },
): Promise<MemberMailSite> {
  const settings = await loadSettings(app.env.SETTINGS, member.domain, app.now());
  const locale: Locale = isLocale(member.language)
    ? member.language
    : (localeOfDomainLanguage(settings.domain_language) ?? "nl");
  const origin =
    app.domain && app.origin
      ? originOf({ domain: app.domain, origin: app.origin }, member.domain)
      : `https://${member.domain}`;
  return { settings, locale, origin };
}

/** An accounts context as if the request came to the member's domain in the member's language. */
export async function memberDomainContext(
  app: OperatorContext,
  member: { domain: string; language?: string | null },
): Promise<AccountsContext> {
  return {
    db: app.db,
    env: app.env,
    ctx: app.ctx,
    country: app.country,
    now: app.now,
    log: app.log,
    domain: member.domain,
    ...(await memberMailSite(app, member)),
  };
}
