// The swipe game's card stack: drag (touch or mouse) right to like, left to
// pass; the buttons and the arrow keys do the same. The card leaves at once;
// the server's answer (a match, the daily limit) follows. Each decision goes
// out on a fetcher of its own: a quick next swipe must not cancel the request
// of the one before (one shared fetcher aborts its pending submission), whose
// answer may be the match. A like the server refused for another reason than
// the daily limit (which the deck shows itself) is a toast: the card is gone,
// so without it the member would think the like went out. A like that went
// out needs none; the next card is the answer.
import { Heart, X } from "lucide-react";
import { type PointerEvent, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher, useSubmit } from "react-router";
import { InterestIcon } from "#app/components/interests/interest-icon.tsx";
import { showToast } from "#app/components/layout/toast-host.tsx";
import { FictionalBadge } from "#app/components/members/fictional-badge.tsx";
import { MatchModal } from "#app/components/profile/match-modal.tsx";

export interface SwipeCandidate {
  id: number;
  name: string;
  age: number;
  region: string | null;
  photo: string | null;
  fictional: boolean;
  shared: { slug: string; icon: string }[];
}

type Reply = { intent?: "like" | "pass"; target?: number; match?: boolean; message?: string; code?: string };

const THRESHOLD = 110;

const decisionKey = (memberId: number) => `swipe:${memberId}`;

/** Hands one decision's answer to the deck once, when it arrives (not again on a later render). */
function DecisionReply({ memberId, onReply }: { memberId: number; onReply: (reply: Reply) => void }) {
  const { data } = useFetcher<Reply>({ key: decisionKey(memberId) });
  const handed = useRef<Reply | undefined>(undefined);
  useEffect(() => {
    if (!data || handed.current === data) return;
    handed.current = data;
    onReply(data);
  }, [data, onReply]);
  return null;
}

export function SwipeDeck({
  candidates,
  allowance,
}: {
  candidates: SwipeCandidate[];
  allowance: { limit: number; left: number; resetsAtLabel: string };
}) {
  const { t } = useTranslation("swipe");
  const submit = useSubmit();
  const [gone, setGone] = useState<number[]>([]);
  const [dx, setDx] = useState(0);
  const [limitHit, setLimitHit] = useState(false);
  const [match, setMatch] = useState<SwipeCandidate | null>(null);
  // The drag in a ref as well as in state: a release can come before React has
  // drawn the last move (a busy phone), and must decide by where the pointer is.
  const drag = useRef<{ startX: number; dx: number } | null>(null);
  const queue = candidates.filter((c) => !gone.includes(c.id));
  const current = queue[0];
  const noLikesLeft = allowance.left === 0 || limitHit;

  const onReply = useCallback(
    (reply: Reply) => {
      if (reply.intent === "like" && reply.match) setMatch(candidates.find((c) => c.id === reply.target) ?? null);
      if (reply.code === "swipe_limit") setLimitHit(true);
      else if (reply.message) showToast({ tone: "danger", text: reply.message });
    },
    [candidates],
  );

  const decide = useCallback(
    (intent: "like" | "pass") => {
      setDx(0);
      if (!current) return;
      if (intent === "like" && noLikesLeft) {
        setLimitHit(true);
        return;
      }
      setGone((g) => [...g, current.id]);
      submit(
        { intent, target: String(current.id) },
        { method: "post", navigate: false, fetcherKey: decisionKey(current.id) },
      );
    },
    [current, submit, noLikesLeft],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
      if (event.key === "ArrowRight") decide("like");
      if (event.key === "ArrowLeft") decide("pass");
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [decide]);

  const onPointerDown = (event: PointerEvent) => {
    drag.current = { startX: event.clientX, dx: 0 };
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!drag.current) return;
    drag.current.dx = event.clientX - drag.current.startX;
    setDx(drag.current.dx);
  };
  const onPointerUp = () => {
    const moved = drag.current?.dx ?? 0;
    drag.current = null;
    if (moved > THRESHOLD) decide("like");
    else if (moved < -THRESHOLD) decide("pass");
    else setDx(0);
  };

  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-6">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="mt-1 text-sm text-muted" aria-live="polite" data-testid="likes-left">
        {noLikesLeft
          ? t("limit", { count: allowance.limit, time: allowance.resetsAtLabel })
          : t("left", { count: allowance.left })}
      </p>

      <div className="relative mt-4 aspect-[3/4] w-full select-none">
        {current ? (
          <article
            key={current.id}
            aria-label={t("cardLabel", { name: current.name, age: current.age })}
            className="card absolute inset-0 touch-pan-y overflow-hidden"
            style={{
              transform: `translateX(${dx}px) rotate(${dx / 20}deg)`,
              transition: drag.current ? "none" : "transform 0.2s",
            }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={() => {
              drag.current = null;
              setDx(0);
            }}
            data-testid="swipe-card"
            data-member-id={current.id}
          >
            {current.photo ? (
              <img
                src={current.photo}
                alt=""
                draggable={false}
                className="size-full object-cover"
                width={480}
                height={640}
              />
            ) : (
              <div className="flex size-full items-center justify-center bg-secondary-soft text-7xl font-black text-secondary">
                {current.name.slice(0, 1)}
              </div>
            )}
            {current.fictional && <FictionalBadge className="absolute left-3 top-3" />}
            {dx > 40 && (
              <span className="absolute right-4 top-4 rounded-lg border-4 border-success px-2 text-2xl font-black text-success">
                {t("likeStamp")}
              </span>
            )}
            {dx < -40 && (
              <span className="absolute left-4 top-4 rounded-lg border-4 border-danger px-2 text-2xl font-black text-danger">
                {t("passStamp")}
              </span>
            )}
            <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink/90 to-transparent p-4 text-white">
              <h2 className="text-2xl font-bold">
                <Link
                  to={`/members/${current.id}`}
                  className="hover:underline"
                  onPointerDown={(e) => e.stopPropagation()}
                >
                  {current.name}, {current.age}
                </Link>
              </h2>
              {current.region && <p className="text-sm text-white/85">{current.region}</p>}
              {current.shared.length > 0 && (
                <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={t("shared")}>
                  {current.shared.map((i) => (
                    <li
                      key={i.slug}
                      className="inline-flex items-center gap-1 rounded-full bg-white/20 px-2 py-0.5 text-xs"
                    >
                      <InterestIcon icon={i.icon} className="size-3.5" />
                      {t(`interests:${i.slug}`)}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </article>
        ) : (
          <div className="card flex h-full flex-col items-center justify-center p-8 text-center">
            <p className="text-muted">{t("empty")}</p>
            <Link to="/members" className="btn-primary mt-4">
              {t("toSearch")}
            </Link>
          </div>
        )}
      </div>

      {current && (
        <div className="mt-6 flex items-center gap-6">
          <button
            type="button"
            onClick={() => decide("pass")}
            className="flex size-16 items-center justify-center rounded-full border-2 border-line bg-card text-danger shadow hover:border-danger"
            aria-label={t("pass")}
            aria-keyshortcuts="ArrowLeft"
          >
            <X className="size-8" aria-hidden="true" />
          </button>
          <button
            type="button"
            onClick={() => decide("like")}
            disabled={noLikesLeft}
            className="flex size-20 items-center justify-center rounded-full bg-primary text-white shadow-lg hover:bg-primary-strong disabled:opacity-50"
            aria-label={t("like")}
            aria-keyshortcuts="ArrowRight"
          >
            <Heart className="size-9" aria-hidden="true" fill="currentColor" />
          </button>
        </div>
      )}
      <p className="mt-3 text-xs text-muted">{t("keys")}</p>
      {limitHit && (
        <p className="mt-3 rounded-lg bg-unread/15 p-3 text-center text-sm" role="alert">
          {t("limitReached", { count: allowance.limit })}{" "}
          <Link to="/members" className="font-semibold text-primary underline">
            {t("toSearch")}
          </Link>
        </p>
      )}
      {gone.map((memberId) => (
        <DecisionReply key={memberId} memberId={memberId} onReply={onReply} />
      ))}
      {match && (
        <MatchModal
          name={match.name}
          photo={match.photo}
          memberId={match.id}
          title={t("members:match.title")}
          action={t("members:match.message", { name: match.name })}
          fictional={match.fictional}
          onClose={() => setMatch(null)}
        />
      )}
    </div>
  );
}
