// The swipe game's card stack: drag (touch or mouse) right to like, left to
// pass; the buttons and the arrow keys do the same. Card and buttons share one
// screen, also on a small phone: the card takes the height the viewport leaves.
// A drag fades in a LIKE or NOPE stamp; a decision sends the card flying off
// to its side at once, and the server's answer (a match, the daily limit)
// follows. Each decision goes out on a fetcher of its own: a quick next swipe
// must not cancel the request of the one before (one shared fetcher aborts its
// pending submission), whose answer may be the match. A like the server
// refused for another reason than the daily limit (which the deck shows
// itself) is said under the card, by the buttons: the card is gone, so without
// it the member would think the like went out.
import { Heart, X } from "lucide-react";
import { type PointerEvent, type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher, useSubmit } from "react-router";
import { MatchModal } from "#app/components/profile/match-modal.tsx";
import { CardFace, FlyingCard, Stamp, type SwipeCandidate, THRESHOLD } from "./swipe-card.tsx";

export type { SwipeCandidate } from "./swipe-card.tsx";

type Reply = { intent?: "like" | "pass"; target?: number; match?: boolean; message?: string; code?: string };
type Flight = { candidate: SwipeCandidate; direction: 1 | -1; fromDx: number };

// The screen's height less what stands above and below the card (navigation,
// a banner, title, count, buttons, the phone's bottom navigation): measured
// once drawn, and an estimate until then.
const CARD_HEIGHT = "clamp(12rem, calc(100dvh - 19.5rem - env(safe-area-inset-bottom)), 36rem)";
const MIN_CARD = 192;
const MAX_CARD = 576;

/** The card's height that keeps the buttons on the first screen, followed as the window changes. */
function useCardHeight(stack: RefObject<HTMLDivElement | null>, buttons: RefObject<HTMLDivElement | null>) {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const fitCard = () => {
      if (!stack.current) return;
      const top = stack.current.getBoundingClientRect().top + window.scrollY;
      const nav = document.querySelector<HTMLElement>("[data-bottom-nav]");
      const below = (buttons.current?.offsetHeight ?? 72) + 28 + (nav?.offsetHeight ?? 0);
      setHeight(Math.round(Math.min(MAX_CARD, Math.max(MIN_CARD, window.innerHeight - top - below))));
    };
    fitCard();
    const observer = new ResizeObserver(fitCard);
    observer.observe(document.body);
    window.addEventListener("resize", fitCard);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", fitCard);
    };
  }, [stack, buttons]);
  return height === null ? CARD_HEIGHT : `${height}px`;
}

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
  const [refusal, setRefusal] = useState<string | null>(null);
  const [match, setMatch] = useState<SwipeCandidate | null>(null);
  const [flights, setFlights] = useState<Flight[]>([]);
  // The drag in a ref as well as in state: a release can come before React has
  // drawn the last move (a busy phone), and must decide by where the pointer is.
  const drag = useRef<{ startX: number; dx: number } | null>(null);
  const stack = useRef<HTMLDivElement>(null);
  const buttons = useRef<HTMLDivElement>(null);
  const cardHeight = useCardHeight(stack, buttons);
  const queue = candidates.filter((c) => !gone.includes(c.id));
  const current = queue[0];
  const noLikesLeft = allowance.left === 0 || limitHit;

  const onReply = useCallback(
    (reply: Reply) => {
      if (reply.intent === "like" && reply.match) setMatch(candidates.find((c) => c.id === reply.target) ?? null);
      if (reply.code === "swipe_limit") setLimitHit(true);
      else if (reply.message) setRefusal(reply.message);
    },
    [candidates],
  );

  const decide = useCallback(
    (intent: "like" | "pass", fromDx = 0) => {
      setDx(0);
      if (!current) return;
      if (intent === "like" && noLikesLeft) {
        setLimitHit(true);
        return;
      }
      setRefusal(null);
      setGone((g) => [...g, current.id]);
      setFlights((f) => [...f, { candidate: current, direction: intent === "like" ? 1 : -1, fromDx }]);
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
    if (moved > THRESHOLD) decide("like", moved);
    else if (moved < -THRESHOLD) decide("pass", moved);
    else setDx(0);
  };

  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 pt-3 pb-4 md:py-6">
      <h1 className="text-xl font-bold md:text-2xl">{t("title")}</h1>
      <p className="mt-0.5 text-sm text-muted" aria-live="polite" data-testid="likes-left">
        {noLikesLeft
          ? t("limit", { count: allowance.limit, time: allowance.resetsAtLabel })
          : t("left", { count: allowance.left })}
      </p>

      <div ref={stack} className="relative mt-3 w-full select-none" style={{ height: cardHeight }}>
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
            <CardFace candidate={current} />
            <Stamp dx={dx} />
          </article>
        ) : (
          <div className="card flex h-full flex-col items-center justify-center p-8 text-center">
            <p className="text-muted">{t("empty")}</p>
            <Link to="/members" className="btn-primary mt-4">
              {t("toSearch")}
            </Link>
          </div>
        )}
        {flights.map((flight) => (
          <FlyingCard
            key={flight.candidate.id}
            {...flight}
            onGone={() => setFlights((f) => f.filter((other) => other !== flight))}
          />
        ))}
      </div>

      {refusal && (
        <p className="mt-3 text-center text-sm text-danger" role="alert">
          {refusal}
        </p>
      )}
      {current && (
        <div ref={buttons} className="mt-4 flex items-center gap-6">
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
            className="flex size-18 items-center justify-center rounded-full bg-primary text-white shadow-lg hover:bg-primary-strong disabled:opacity-50"
            aria-label={t("like")}
            aria-keyshortcuts="ArrowRight"
          >
            <Heart className="size-9" aria-hidden="true" fill="currentColor" />
          </button>
        </div>
      )}
      <p className="mt-3 hidden text-xs text-muted md:block">{t("keys")}</p>
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
          action={t("members:match.message", { name: match.name })}
          keepGoing={t("members:match.keepSwiping")}
          fictional={match.fictional}
          onClose={() => setMatch(null)}
        />
      )}
    </div>
  );
}
