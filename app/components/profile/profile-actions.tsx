// The buttons on a profile: like, message and "not for me" in reach, the rest
// (gift, block, report) beside them. On a phone the first three sit in a bar at
// the bottom of the screen (`data-page-actions`: the page frame leaves the
// bottom to it), so they never scroll away; on a desktop they stand under the
// name. A like answers on the button itself (it fills, the heart beats, the
// photo says so) instead of a toast over the header; a refusal is written next
// to the button that was pressed. A match has its own full-screen moment.
// Visitors get a login message instead of each action.
import { Ban, Flag, Gift, Heart, MessageCircle, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { StartChatButton } from "#app/components/chat/start-chat-button.tsx";
import { useToastFor } from "#app/components/layout/toast-host.tsx";
import { ReportDialog } from "#app/components/safety/report-dialog.tsx";
import { GiftDialog } from "./gift-dialog.tsx";
import { LoginPrompt, type LoginReason } from "./login-prompt.tsx";
import { MatchModal } from "./match-modal.tsx";

export interface Relation {
  own: boolean;
  liked: boolean;
  likedBy: boolean;
  match: boolean;
  blockedByMe: boolean;
}

type ActionReply = { intent?: string; liked?: boolean; match?: boolean; message?: string; code?: string };

/** The like's fetcher, shared by the button and the mark on the photo. */
const likeFetcherKey = (memberId: number) => `profile-like:${memberId}`;

/** Whether the member likes this profile now: the pending choice first, else what the server said. */
function useLiked(memberId: number, likedBefore: boolean) {
  const fetcher = useFetcher<ActionReply>({ key: likeFetcherKey(memberId) });
  if (fetcher.formData) return fetcher.formData.get("intent") === "like";
  if (fetcher.data?.message) return likedBefore;
  if (fetcher.data?.intent === "like") return true;
  if (fetcher.data?.intent === "unlike") return false;
  return likedBefore;
}

const barClass =
  "fixed inset-x-0 bottom-[var(--bottom-nav-height,0px)] z-30 border-t border-line bg-card/95 px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur md:static md:mt-4 md:border-0 md:bg-transparent md:p-0 md:shadow-none md:backdrop-blur-none";
// A flex row that wraps: the chat button's reason, when it is off, takes a line of its own.
const barRow = "mx-auto flex max-w-md flex-wrap gap-2 md:mx-0 md:max-w-none";
const barButton =
  "min-h-11 min-w-11 flex-1 basis-0 flex-col gap-0.5 rounded-2xl px-2 py-1.5 text-xs md:rounded-full md:py-0 md:flex-none md:basis-auto md:flex-row md:gap-2 md:px-4 md:text-sm";

export function ProfileActions({
  id,
  name,
  photo,
  relation,
  gifts,
  fictional = false,
  writable = true,
}: {
  id: number;
  name: string;
  photo: string | null;
  /** A fictional profile: the match says so. */
  fictional?: boolean;
  /** False for a fictional profile nobody answers right now: the chat button is off and says why. */
  writable?: boolean;
  relation: Relation | null;
  gifts: { list: { id: number; slug: string; icon: string }[]; cost: number; credits: number } | null;
}) {
  const { t } = useTranslation("members");
  const likeFetcher = useFetcher<ActionReply>({ key: likeFetcherKey(id) });
  const fetcher = useFetcher<ActionReply>();
  const [prompt, setPrompt] = useState<LoginReason | null>(null);
  const [giving, setGiving] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [matched, setMatched] = useState(false);
  const heart = useRef<SVGSVGElement>(null);
  const liked = useLiked(id, relation?.liked ?? false);
  const unavailable = writable ? null : t("chat:unstaffed.notice", { name });
  const likeReply = likeFetcher.data;
  useEffect(() => {
    if (likeReply?.intent === "like" && likeReply.match) setMatched(true);
  }, [likeReply]);
  // The heart beats once when the like goes out (not for members who asked for less motion).
  useEffect(() => {
    if (!liked || !likeFetcher.formData || window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    heart.current?.animate?.([{ transform: "scale(1)" }, { transform: "scale(1.45)" }, { transform: "scale(1)" }], {
      duration: 420,
      easing: "ease-out",
    });
  }, [liked, likeFetcher.formData]);
  // Block and unblock change the whole page, so they still say so; a like says it on its button.
  useToastFor(fetcher.data, ({ intent, message }) => {
    if (message) return null;
    const done = { block: "block.blocked", unblock: "unblocked" };
    const key = intent ? done[intent as keyof typeof done] : undefined;
    return key ? { tone: "success", text: t(key, { name }) } : null;
  });

  if (relation?.own) return null;
  if (!relation) {
    const ask = (reason: LoginReason) => () => setPrompt(reason);
    return (
      <>
        <section className={barClass} data-page-actions aria-label={t("pageActions", { name })}>
          <div className={barRow}>
            <button type="button" className={`btn-outline ${barButton}`} onClick={ask("like")}>
              <Heart className="size-5 md:size-4" aria-hidden="true" /> {t("like")}
            </button>
            <button type="button" className={`btn-primary ${barButton}`} onClick={ask("chat")}>
              <MessageCircle className="size-5 md:size-4" aria-hidden="true" /> {t("sendMessage")}
            </button>
          </div>
        </section>
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="button" className="btn-outline min-h-11" onClick={ask("gift")}>
            <Gift className="size-4" aria-hidden="true" /> {t("gift.button")}
          </button>
          <Link to={`/notice?member=${id}`} className="btn-ghost min-h-11 text-muted" data-testid="report-profile">
            <Flag className="size-4" aria-hidden="true" /> {t("notices:link.report")}
          </Link>
        </div>
        {prompt && <LoginPrompt reason={prompt} name={name} onClose={() => setPrompt(null)} />}
      </>
    );
  }

  const busy = fetcher.state !== "idle";
  return (
    <>
      {!relation.blockedByMe && (
        <section className={barClass} data-page-actions aria-label={t("pageActions", { name })}>
          {likeReply?.message && (
            <p className="mx-auto mb-2 max-w-md text-sm text-danger md:mx-0 md:mt-0" role="alert">
              {likeReply.message}
            </p>
          )}
          <div className={barRow}>
            <fetcher.Form method="post" className="contents md:hidden">
              <input type="hidden" name="intent" value="pass" />
              <button type="submit" className={`btn-outline ${barButton} text-danger`} disabled={busy}>
                <X className="size-5" aria-hidden="true" /> {t("swipe:pass")}
              </button>
            </fetcher.Form>
            <likeFetcher.Form method="post" className="contents">
              <input type="hidden" name="intent" value={liked ? "unlike" : "like"} />
              <button
                type="submit"
                className={`${liked ? "btn-primary" : "btn-outline"} ${barButton}`}
                aria-pressed={liked}
                title={liked ? t("unlike") : undefined}
                data-testid="like-button"
              >
                <Heart
                  ref={heart}
                  className="size-5 md:size-4"
                  fill={liked ? "currentColor" : "none"}
                  aria-hidden="true"
                />
                {liked ? t("liked") : t("like")}
              </button>
            </likeFetcher.Form>
            <StartChatButton memberId={id} className={`btn-primary ${barButton}`} unavailable={unavailable}>
              <MessageCircle className="size-5 md:size-4" aria-hidden="true" /> {t("sendMessage")}
            </StartChatButton>
          </div>
        </section>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {!relation.blockedByMe && gifts && (
          <button type="button" className="btn-outline min-h-11" onClick={() => setGiving(true)}>
            <Gift className="size-4" aria-hidden="true" /> {t("gift.button")}
          </button>
        )}
        <fetcher.Form
          method="post"
          onSubmit={(event) => {
            if (!relation.blockedByMe && !window.confirm(t("block.confirm", { name }))) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value={relation.blockedByMe ? "unblock" : "block"} />
          <button type="submit" className="btn-ghost min-h-11 text-muted" disabled={busy}>
            <Ban className="size-4" aria-hidden="true" /> {relation.blockedByMe ? t("block.unblock") : t("block.block")}
          </button>
        </fetcher.Form>
        <button type="button" className="btn-ghost min-h-11 text-muted" onClick={() => setReporting(true)}>
          <Flag className="size-4" aria-hidden="true" /> {t("safety:report.button")}
        </button>
      </div>
      {relation.match && !matched && (
        <p className="mt-2 text-sm font-semibold text-primary">{t("match.already", { name })}</p>
      )}
      {relation.likedBy && !relation.match && <p className="mt-2 text-sm text-muted">{t("likesYou", { name })}</p>}
      {relation.blockedByMe && <p className="mt-2 text-sm text-muted">{t("block.blocked", { name })}</p>}
      {fetcher.data?.message && (
        <p className="mt-2 text-sm text-danger" role="alert">
          {fetcher.data.message}
        </p>
      )}
      {giving && gifts && (
        <GiftDialog
          name={name}
          gifts={gifts.list}
          cost={gifts.cost}
          credits={gifts.credits}
          onClose={() => setGiving(false)}
        />
      )}
      {reporting && <ReportDialog name={name} member={id} onClose={() => setReporting(false)} />}
      {matched && (
        <MatchModal
          name={name}
          photo={photo}
          memberId={id}
          action={t("match.message", { name })}
          keepGoing={t("match.keepBrowsing")}
          fictional={fictional}
          unavailable={unavailable}
          onClose={() => setMatched(false)}
        />
      )}
    </>
  );
}

/** The small mark on the profile's photo while the member likes it. */
export function LikedMark({ memberId, likedBefore, name }: { memberId: number; likedBefore: boolean; name: string }) {
  const { t } = useTranslation("members");
  if (!useLiked(memberId, likedBefore)) return null;
  return (
    <span
      className="absolute right-3 bottom-3 inline-flex items-center gap-1 rounded-full bg-primary px-3 py-1 text-sm font-semibold text-white shadow"
      data-testid="liked-mark"
    >
      <Heart className="size-4" fill="currentColor" aria-hidden="true" /> {t("likedMark", { name })}
    </span>
  );
}
