// Building blocks of console pages: a titled page, sections, tables that
// scroll sideways on narrow screens, status badges, dates, and the error view.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link } from "react-router";
import { formatDate } from "#app/i18n/format.ts";
import { useLocale } from "#app/i18n/use-locale.ts";

export function AdminPage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  );
}

export function Panel({ title, id, children }: { title?: string; id?: string; children: ReactNode }) {
  return (
    <section className="card p-4 sm:p-5" aria-labelledby={title ? id : undefined}>
      {title && (
        <h2 id={id} className="mb-3 text-lg font-bold">
          {title}
        </h2>
      )}
      {children}
    </section>
  );
}

export function DataTable({ caption, head, children }: { caption: string; head: ReactNode[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-line text-xs tracking-wide text-muted uppercase">
            {head.map((cell, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
              <th key={i} scope="col" className="px-2 py-2 font-semibold">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}

export const cell = "px-2 py-2 align-top";

export function Empty({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-sm text-muted">{children}</p>;
}

const tones: Record<string, string> = {
  active: "bg-success/10 text-success",
  paid: "bg-success/10 text-success",
  closed: "bg-line text-ink",
  dismissed: "bg-line text-ink",
  pending: "bg-warning/10 text-warning",
  open: "bg-warning/10 text-warning",
  in_progress: "bg-secondary-soft text-secondary",
  not_confirmed: "bg-warning/10 text-warning",
  rejected: "bg-danger/10 text-danger",
  banned: "bg-danger/10 text-danger",
  deleted: "bg-line text-muted",
  failed: "bg-danger/10 text-danger",
  overdue: "bg-warning/10 text-warning",
  retrying: "bg-secondary-soft text-secondary",
  refunded: "bg-secondary-soft text-secondary",
  actioned: "bg-danger/10 text-danger",
};

/** A status word in the console's language, coloured by what it means. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("admin");
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${tones[status] ?? "bg-line"}`}>
      {t(`statuses.${status}`, { defaultValue: status })}
    </span>
  );
}

export function When({ at, time = true }: { at: number | null | undefined; time?: boolean }) {
  const locale = useLocale();
  if (!at) return <span className="text-muted">–</span>;
  return (
    <time dateTime={new Date(at).toISOString()}>
      {formatDate(at, locale, time ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" })}
    </time>
  );
}

export function Pager({ page, hasMore, href }: { page: number; hasMore: boolean; href: (page: number) => string }) {
  const { t } = useTranslation("admin");
  if (page <= 1 && !hasMore) return null;
  return (
    <nav aria-label={t("pager.label")} className="flex items-center justify-between gap-2 pt-3 text-sm">
      {page > 1 ? (
        <Link className="btn-outline" to={href(page - 1)}>
          {t("pager.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span>{t("pager.page", { page })}</span>
      {hasMore ? (
        <Link className="btn-outline" to={href(page + 1)}>
          {t("pager.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

export function AdminError({ error }: { error: unknown }) {
  const { t } = useTranslation("admin");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string" ? error.data.message : t("errors.generic");
  return (
    <div className="mx-auto max-w-xl space-y-4 py-16 text-center">
      <p className="text-5xl font-black text-primary" aria-hidden="true">
        {status}
      </p>
      <h1 className="text-xl font-bold">{status === 404 ? t("errors.notFound") : message}</h1>
      <Link to="/admin" className="btn-primary" reloadDocument>
        {t("nav.dashboard")}
      </Link>
    </div>
  );
}
