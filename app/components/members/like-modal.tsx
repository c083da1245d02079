// The like modal: when the address has t=<seconds>, t leaves the
// address at once and, t seconds later, a profile that liked the member is
// shown with a view-profile button (from /api/auto-like.php); the badges
// reload 500 ms after. The wait is kept apart from the address, so taking t
// out of it does not cancel the wait; the server likes at most once a day, so
// a retried call never likes twice. A like from a fictional profile (the only
// kind that comes this way) carries its badge and says who runs it.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRevalidator, useSearchParams } from "react-router";
import { apiFetch } from "#app/components/runtime/api.ts";
import { FictionalBadge } from "./fictional-badge.tsx";

type Liker = { id: number; name: string; age: number; fictional: boolean; main_image: { match: string } };

const RELOAD_DELAY_MS = 500;

export function LikeModal() {
  const { t } = useTranslation("members");
  const [params, setParams] = useSearchParams();
  const revalidator = useRevalidator();
  const [liker, setLiker] = useState<Liker | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const seconds = Number(params.get("t"));
  // A new object for each ?t= seen, so the same t twice still waits twice.
  const [wait, setWait] = useState<{ ms: number } | null>(null);
  const latestRevalidator = useRef(revalidator);
  latestRevalidator.current = revalidator;

  useEffect(() => {
    if (!(seconds > 0)) return;
    setWait({ ms: Math.min(seconds, 600) * 1000 });
    setParams(
      (current) => {
        current.delete("t");
        return current;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [seconds, setParams]);

  useEffect(() => {
    if (!wait) return;
    let live = true;
    let reload: ReturnType<typeof setTimeout> | undefined;
    const timer = setTimeout(async () => {
      const response = await apiFetch("/api/auto-like.php").catch(() => null);
      if (!live || !response?.ok) return;
      const { profile } = (await response.json()) as { profile: Liker | null };
      if (!live || !profile) return;
      setLiker(profile);
      reload = setTimeout(() => latestRevalidator.current.revalidate(), RELOAD_DELAY_MS);
    }, wait.ms);
    return () => {
      live = false;
      clearTimeout(timer);
      clearTimeout(reload);
    };
  }, [wait]);

  useEffect(() => {
    if (liker) dialog.current?.showModal();
  }, [liker]);

  if (!liker) return null;
  return (
    <dialog
      ref={dialog}
      aria-labelledby="like-modal-title"
      className="m-auto w-[min(22rem,calc(100%-2rem))] rounded-(--radius-card) bg-card p-6 text-center backdrop:bg-ink/60"
      onClose={() => setLiker(null)}
      data-testid="like-modal"
    >
      <h2 id="like-modal-title" className="text-xl font-bold">
        {t("likeModal.title", { name: liker.name })}
      </h2>
      <div className="relative mx-auto my-4 size-36 overflow-hidden rounded-full">
        <img
          src={liker.main_image.match}
          alt={t("photoOf", { name: liker.name })}
          className="size-full object-cover"
          width={144}
          height={144}
        />
      </div>
      {liker.fictional && <FictionalBadge />}
      <p className="mt-2 text-muted">
        {liker.name}, {liker.age}
      </p>
      {liker.fictional && (
        <p className="mt-2 text-sm" data-testid="like-modal-fictional">
          {t("fictionalNotice")}
        </p>
      )}
      <div className="mt-4 flex flex-col gap-2">
        <Link to={`/likes/m/${liker.id}`} className="btn-primary" onClick={() => dialog.current?.close()}>
          {t("likeModal.view")}
        </Link>
        <form method="dialog">
          <button type="submit" className="btn-ghost w-full">
            {t("likeModal.later")}
          </button>
        </form>
      </div>
    </dialog>
  );
}
