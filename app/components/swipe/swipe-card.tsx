// What a swipe card shows (photo, badge, name, shared interests), the stamp
// that fades in as it is dragged ("LIKE" to the right, "NOPE" to the left,
// at full strength where a release decides), and the card flying off once
// decided, so a like is seen to go out without a toast.
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { InterestIcon } from "#app/components/interests/interest-icon.tsx";
import { FictionalBadge } from "#app/components/members/fictional-badge.tsx";

export interface SwipeCandidate {
  id: number;
  name: string;
  age: number;
  region: string | null;
  photo: string | null;
  fictional: boolean;
  shared: { slug: string; icon: string }[];
}

/** How far a card must be dragged for a release to like or pass. */
export const THRESHOLD = 110;

/** The rotated LIKE or NOPE label, as strong as the drag is far (nothing below 10 px). */
export function Stamp({ dx }: { dx: number }) {
  const { t } = useTranslation("swipe");
  if (Math.abs(dx) < 10) return null;
  const like = dx > 0;
  return (
    <span
      aria-hidden="true"
      data-testid={like ? "stamp-like" : "stamp-pass"}
      className={`pointer-events-none absolute top-6 rounded-xl border-4 bg-white/10 px-3 py-1 text-3xl font-black tracking-widest uppercase ${
        like ? "left-5 -rotate-12 border-success text-success" : "right-5 rotate-12 border-danger text-danger"
      }`}
      style={{ opacity: Math.min(1, Math.abs(dx) / THRESHOLD) }}
    >
      {t(like ? "likeStamp" : "passStamp")}
    </span>
  );
}

export function CardFace({ candidate }: { candidate: SwipeCandidate }) {
  const { t } = useTranslation("swipe");
  return (
    <>
      {candidate.photo ? (
        <img
          src={candidate.photo}
          alt=""
          draggable={false}
          className="size-full object-cover"
          width={480}
          height={640}
        />
      ) : (
        <div className="flex size-full items-center justify-center bg-secondary-soft text-7xl font-black text-secondary">
          {candidate.name.slice(0, 1)}
        </div>
      )}
      {candidate.fictional && <FictionalBadge className="absolute left-3 top-3" />}
      <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink/90 to-transparent p-4 text-white">
        <h2 className="text-2xl font-bold">
          <Link to={`/members/${candidate.id}`} className="hover:underline" onPointerDown={(e) => e.stopPropagation()}>
            {candidate.name}, {candidate.age}
          </Link>
        </h2>
        {candidate.region && <p className="text-sm text-white/85">{candidate.region}</p>}
        {candidate.shared.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={t("shared")}>
            {candidate.shared.map((i) => (
              <li key={i.slug} className="inline-flex items-center gap-1 rounded-full bg-white/20 px-2 py-0.5 text-xs">
                <InterestIcon icon={i.icon} className="size-3.5" />
                {t(`interests:${i.slug}`)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

/** A decided card leaving the stack to its side, then gone (at once for members who asked for less motion). */
export function FlyingCard({
  candidate,
  direction,
  fromDx,
  onGone,
}: {
  candidate: SwipeCandidate;
  direction: 1 | -1;
  fromDx: number;
  onGone: () => void;
}) {
  const card = useRef<HTMLDivElement>(null);
  const gone = useRef(onGone);
  gone.current = onGone;
  useEffect(() => {
    const element = card.current;
    if (!element || window.matchMedia?.("(prefers-reduced-motion: reduce)").matches || !element.animate) {
      gone.current();
      return;
    }
    const animation = element.animate(
      [
        { transform: `translateX(${fromDx}px) rotate(${fromDx / 20}deg)`, opacity: 1 },
        { transform: `translateX(${direction * 150}%) rotate(${direction * 30}deg)`, opacity: 0 },
      ],
      { duration: 320, easing: "ease-in", fill: "forwards" },
    );
    animation.onfinish = () => gone.current();
    // Cancelling rejects `finished`; browsers mark that handled, not every DOM does.
    animation.finished.catch(() => {});
    return () => animation.cancel();
  }, [direction, fromDx]);
  return (
    <div
      ref={card}
      aria-hidden="true"
      inert
      className="card pointer-events-none absolute inset-0 z-10 overflow-hidden"
      data-testid="swipe-card-leaving"
    >
      <CardFace candidate={candidate} />
      <Stamp dx={direction * THRESHOLD} />
    </div>
  );
}
