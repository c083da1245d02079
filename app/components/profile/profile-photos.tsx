// The photo overview of a profile: photos the viewer may see, and locked
// placeholders (no address: the server sends none) for the others, each
// leading to what unlocks it. The message that says what unlocks them (a
// visitor is asked to log in or sign up, a free member is offered premium) is
// PhotosUnlock, which the profile shows below its facts: on a phone it must
// not push the profile's actions away. Each photo
// shown carries a link to report it as illegal or against the terms (/notice).
import { Crown, Flag, Lock, LogIn } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { LoginLinks } from "./login-prompt.tsx";

type Photo = { id: number; locked: true; unlock: "login" | "premium" } | { id: number; locked: false; thumb: string };

export function ProfilePhotos({
  name,
  photos,
  unlock,
}: {
  name: string;
  photos: readonly Photo[];
  unlock: "login" | "premium" | null;
}) {
  const { t } = useTranslation("members");
  const back = encodeURIComponent(useLocation().pathname);
  const unlockTo = unlock === "login" ? `/login?redirectTo=${back}` : "/premium";
  if (photos.length < 2 && !unlock) return null;
  return (
    <ul className="mt-3 grid grid-cols-4 gap-2" aria-label={t("photos")}>
      {photos.map((photo) => (
        <li key={photo.id} className="relative aspect-square overflow-hidden rounded-lg bg-secondary-soft">
          {photo.locked ? (
            <Link
              to={unlockTo}
              className="flex size-full flex-col items-center justify-center gap-1 bg-gradient-to-br from-secondary to-primary p-1 text-center text-xs font-semibold text-white"
              data-testid="locked-photo"
            >
              <Lock className="size-5" aria-hidden="true" />
              <span className="max-w-full hyphens-auto wrap-anywhere">
                {t(photo.unlock === "login" ? "lockedPhoto.login" : "lockedPhoto.premium")}
              </span>
            </Link>
          ) : (
            <>
              <img
                src={photo.thumb}
                alt={t("photoOf", { name })}
                loading="lazy"
                width={160}
                height={160}
                className="size-full object-cover"
              />
              <Link
                to={`/notice?photo=${photo.id}`}
                className="absolute top-1 right-1 rounded-full bg-ink/60 p-1.5 text-white hover:bg-ink/80"
                aria-label={t("notices:link.reportPhoto")}
                title={t("notices:link.reportPhoto")}
                data-testid="report-photo"
              >
                <Flag className="size-3.5" aria-hidden="true" />
              </Link>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** What unlocks the locked photos: log in (a visitor) or premium (a free member). */
export function PhotosUnlock({
  name,
  unlock,
  className = "",
}: {
  name: string;
  unlock: "login" | "premium" | null;
  className?: string;
}) {
  const { t } = useTranslation("members");
  if (!unlock) return null;
  return (
    <div className={`card border border-primary/30 p-4 text-sm ${className}`} data-testid="photos-locked">
      <p className="flex items-start gap-2 font-semibold">
        {unlock === "login" ? (
          <LogIn className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        ) : (
          <Crown className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        )}
        {t(unlock === "login" ? "loginNeeded.photos" : "lockedPhoto.premiumText", { name })}
      </p>
      <p className="mt-3 flex flex-wrap gap-2">
        {unlock === "login" ? (
          <LoginLinks />
        ) : (
          <Link to="/premium" className="btn-primary min-h-10">
            {t("lockedPhoto.premiumButton")}
          </Link>
        )}
      </p>
    </div>
  );
}
