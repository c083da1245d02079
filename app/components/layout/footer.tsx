// Footer: the legal and help links, company info, the terms version
// date and the support phone (dashes and spaces stripped for the tel: link).
// On a phone each link is a 44 px target.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate } from "#app/i18n/format.ts";
import type { SiteChrome } from "#app/server/site/chrome.ts";

const TARGET =
  "hover:text-primary hover:underline max-md:inline-flex max-md:min-h-11 max-md:min-w-11 max-md:items-center";

const links = [
  ["terms", "/pages/terms"],
  ["privacy", "/pages/privacy"],
  ["cookies", "/pages/cookies"],
  ["ban", "/pages/ban"],
  ["pricing", "/pricing"],
  ["complaints", "/complaints"],
  ["notice", "/notice"],
  ["returnPolicy", "/pages/return-policy"],
  ["faq", "/pages/faq"],
  ["support", "/pages/service"],
] as const;

export function Footer({ chrome }: { chrome: SiteChrome }) {
  const { t } = useTranslation();
  const { company, site, locale } = chrome;
  return (
    <footer className="mt-16 border-t border-line bg-card text-sm text-muted">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[2fr_1fr]">
        <nav aria-label={t("footer.label")}>
          {/* Long words (German "Datenschutzerklärung") hyphenate by the page's lang, or break, at 320 px:
              break-words alone leaves a flex link as wide as its longest word. */}
          <ul className="grid grid-cols-2 gap-x-6 hyphens-auto wrap-anywhere sm:grid-cols-3 md:gap-y-2">
            {links.map(([key, to]) => (
              <li key={key}>
                <Link to={to} className={TARGET}>
                  {t(`footer.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <address className="not-italic leading-relaxed">
          {company && (
            <>
              <p className="font-semibold text-ink">{company.name}</p>
              <p>{company.addressLine}</p>
              {company.tradenames.length > 0 && (
                <p>{t("footer.tradenames", { names: company.tradenames.join(", ") })}</p>
              )}
              <p>{t("footer.kvk", { kvk: company.kvk })}</p>
              {company.vatNumbers.length > 0 && <p>{t("footer.vat", { vat: company.vatNumbers.join(", ") })}</p>}
            </>
          )}
          {site.supportPhone && (
            <p>
              <a href={site.supportPhoneHref} className={TARGET}>
                {site.supportPhone}
              </a>
            </p>
          )}
          {site.supportEmail && (
            <p>
              <a href={`mailto:${site.supportEmail}`} className={`${TARGET} break-all`}>
                {site.supportEmail}
              </a>
            </p>
          )}
          <p className="mt-2">{t("footer.termsVersion", { date: formatDate(chrome.termsDate, locale) })}</p>
        </address>
      </div>
    </footer>
  );
}
