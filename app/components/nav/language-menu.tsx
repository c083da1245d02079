// The language dropdown: only when more than one locale is visible
// for the visitor's country. Choosing posts to /lang-config, which sets the
// locale cookie (and the member's language) and reloads the page in it, as
// the /lang-config page's own buttons do. On a phone a member finds the same
// choices in the account menu (member-nav.tsx).
import type { AriaAttributes } from "react";
import { useTranslation } from "react-i18next";
import { Form, useLocation } from "react-router";
import { type Locale, localeNames } from "#app/i18n/locales.ts";

export function LanguageMenu({
  locales,
  current,
  className = "",
}: {
  locales: readonly Locale[];
  current: Locale;
  className?: string;
}) {
  const { t } = useTranslation();
  if (locales.length < 2) return null;
  return (
    <details className={`group relative ${className}`}>
      <summary
        className="btn-ghost cursor-pointer list-none px-3 uppercase [&::-webkit-details-marker]:hidden"
        data-testid="language-menu"
      >
        <span aria-hidden="true">{current}</span>
        <span className="sr-only">{t("nav.language")}</span>
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-48 overflow-hidden rounded-xl border border-line bg-card py-1 shadow-lg">
        <LanguageChoices
          locales={locales}
          current={current}
          itemClassName="flex min-h-11 w-full items-center px-4 text-left text-sm hover:bg-primary-soft"
        />
      </div>
    </details>
  );
}

/** The heading and one button per language, in a form that posts the choice. */
export function LanguageChoices({
  locales,
  current,
  itemClassName,
}: {
  locales: readonly Locale[];
  current: Locale;
  itemClassName: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  if (locales.length < 2) return null;
  return (
    <Form method="post" action="/lang-config" reloadDocument>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <p className="px-4 py-2 text-xs font-semibold text-muted uppercase">{t("nav.chooseLanguage")}</p>
      {locales.map((locale) => (
        <LanguageChoice
          key={locale}
          locale={locale}
          aria-current={locale === current ? "true" : undefined}
          className={`${itemClassName} aria-[current]:font-bold`}
        />
      ))}
    </Form>
  );
}

/** One language to choose: submits its locale, named in that language itself. */
export function LanguageChoice({
  locale,
  className,
  ...chosen
}: { locale: Locale; className: string } & Pick<AriaAttributes, "aria-current" | "aria-pressed">) {
  return (
    <button type="submit" name="locale" value={locale} lang={locale} {...chosen} className={className}>
      {localeNames[locale]}
    </button>
  );
}
