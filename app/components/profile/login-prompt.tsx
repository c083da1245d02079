// What a visitor is told when they try something only members can do:
// chat, more photos, gifts and likes require login, each with its own message;
// the way in (signup where this visitor may sign up, and login) leads back here.
import { LogIn } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useSignupsOpen } from "#app/components/accounts/signups-open.ts";

export type LoginReason = "chat" | "photos" | "gift" | "like";

export function LoginPrompt({ reason, name, onClose }: { reason: LoginReason; name: string; onClose: () => void }) {
  const { t } = useTranslation("members");
  return (
    <div role="alert" className="card mt-4 border border-primary/30 p-4" data-testid="login-prompt">
      <p className="flex items-start gap-2 font-semibold">
        <LogIn className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        {t(`loginNeeded.${reason}`, { name })}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <LoginLinks />
        <button type="button" className="btn-ghost min-h-10" onClick={onClose}>
          {t("loginNeeded.later")}
        </button>
      </div>
    </div>
  );
}

/** Signup (where this visitor may sign up) and login, each coming back to this page. */
export function LoginLinks() {
  const { t } = useTranslation("members");
  const back = encodeURIComponent(useLocation().pathname);
  const signupsOpen = useSignupsOpen();
  return (
    <>
      {signupsOpen && (
        <Link to={`/signup?redirectTo=${back}`} className="btn-primary min-h-10">
          {t("loginNeeded.signup")}
        </Link>
      )}
      <Link to={`/login?redirectTo=${back}`} className="btn-outline min-h-10">
        {t("loginNeeded.login")}
      </Link>
    </>
  );
}
