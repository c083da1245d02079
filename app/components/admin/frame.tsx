// The console's frame: a top bar (who is signed in, log out) and the pages the
// operator's role may open — a side menu on wide screens, a scrolling row of
// links on tablets and phones.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, NavLink } from "react-router";
import type { operatorRoles } from "#app/schemas/enums.ts";

export interface FrameOperator {
  name: string;
  email: string;
  role: (typeof operatorRoles)[number];
}

export function AdminFrame({
  operator,
  pages,
  children,
}: {
  operator: FrameOperator | null;
  pages: { path: string; key: string }[];
  children: ReactNode;
}) {
  const { t } = useTranslation("admin");
  const link = ({ isActive }: { isActive: boolean }) =>
    `block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${
      isActive ? "bg-primary text-white" : "text-ink hover:bg-primary-soft"
    }`;
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        {t("skipToContent")}
      </a>
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-line bg-card px-4 py-3">
        <p className="text-lg font-extrabold text-primary">{t("consoleName")}</p>
        {operator && (
          <div className="flex items-center gap-3 text-sm">
            <span data-testid="operator">
              <strong>{operator.name}</strong>{" "}
              <span className="rounded-full bg-secondary-soft px-2 py-0.5 text-xs">{t(`roles.${operator.role}`)}</span>
            </span>
            <Form method="post" action="/admin/logout">
              <button type="submit" className="btn-outline min-h-9 px-3">
                {t("logout")}
              </button>
            </Form>
          </div>
        )}
      </header>
      <div className="flex flex-1 flex-col lg:flex-row">
        {pages.length > 0 && (
          <nav aria-label={t("nav.label")} className="border-b border-line bg-card lg:w-56 lg:border-r lg:border-b-0">
            <ul className="flex gap-1 overflow-x-auto p-2 lg:flex-col">
              {pages.map((page) => (
                <li key={page.path}>
                  <NavLink to={page.path} end={page.path === "/admin"} className={link}>
                    {t(`nav.${page.key}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none lg:p-6">
          {children}
        </main>
      </div>
    </div>
  );
}
