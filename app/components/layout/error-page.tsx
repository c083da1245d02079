// The error page: a 404 says what was not found (the route's own message: a
// member, a payment, a package, a conversation) or, for an address that names
// no page, that the page could not be found, with a link home; other errors
// show their message (or "Error") and the status, 500 by default. If rendering that fails too, a last plain fallback is shown.
// It renders inside the layout's <main> (or the root boundary's), so it never
// opens one itself, and it names the document: React puts its <title> in the
// head, since no route's meta runs for an error.
import { Component, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link } from "react-router";

export function ErrorPage({ error }: { error: unknown }) {
  return (
    <ErrorPageGuard>
      <ErrorPageContent error={error} />
    </ErrorPageGuard>
  );
}

/** What a visitor may be told about an error: never an internal exception's text. */
function describeError(error: unknown): { status: number; message: string | null } {
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === "string" && error.data ? error.data : (error.data?.message ?? null);
    return { status: error.status, message: typeof message === "string" ? message : null };
  }
  return { status: 500, message: null };
}

function ErrorPageContent({ error }: { error: unknown }) {
  const { t } = useTranslation("errors");
  const { status, message } = describeError(error);
  const notFound = status === 404;
  const heading = message ?? t(notFound ? "notFound" : "error");
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center" data-testid="error-page">
      <title>{heading}</title>
      <p className="text-6xl font-black text-primary" aria-hidden="true">
        {status}
      </p>
      <h1 className="text-2xl font-bold">{heading}</h1>
      {!notFound && <p className="text-muted">{t("status", { status })}</p>}
      <Link to="/" className="btn-primary" reloadDocument={!notFound}>
        {t("backHome")}
      </Link>
    </div>
  );
}

/** Catches an error thrown while the error page itself renders. */
export class ErrorPageGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    // No translations here: they may be what failed.
    return (
      <div style={{ padding: "4rem 1rem", textAlign: "center", fontFamily: "system-ui, sans-serif" }}>
        <title>Error</title>
        <h1>An error occurred while showing the error page</h1>
        <p>
          <a href="/">Back to the home page</a>
        </p>
      </div>
    );
  }
}
