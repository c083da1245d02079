// What a visitor sees where the domain lets no visitor see members (the member
// list and a profile alike): why, and the ways in, back to the page after login.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSignupsOpen } from "#app/components/accounts/signups-open.ts";

export function SearchLocked({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation("members");
  const signupsOpen = useSignupsOpen();
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center" role="alert">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="mt-3 text-muted">{t("searchLocked")}</p>
      <div className="mt-6 flex justify-center gap-2">
        {signupsOpen && (
          <Link to="/signup" className="btn-primary">
            {t("loginNeeded.signup")}
          </Link>
        )}
        {/* A path from the router: already escaped, and without "?" or "&" of its own. */}
        <Link to={`/login?redirectTo=${returnTo}`} className="btn-outline">
          {t("loginNeeded.login")}
        </Link>
      </div>
    </div>
  );
}
