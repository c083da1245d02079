// The buttons on a profile: like, unlike, gift, message, block,
// unblock, report. Visitors get a login message instead of the action, and a
// link to report the profile as illegal or against the terms (/notice).
// Each outcome is a toast as well (a match has its own modal), since on a
// phone the buttons may sit far from the line that says what happened.
import { Ban, Flag, Gift, Heart, HeartOff, MessageCircle } from "lucide-react";
import { useEffect, useState } from "react";
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
  const fetcher = useFetcher<ActionReply>();
  const [prompt, setPrompt] = useState<LoginReason | null>(null);
  const [giving, setGiving] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [matched, setMatched] = useState(false);
  const unavailable = writable ? null : t("chat:unstaffed.notice", { name });
  const reply = fetcher.data;
  useEffect(() => {
    if (reply?.intent === "like" && reply.match) setMatched(true);
  }, [reply]);
  useToastFor(reply, ({ intent, match, message }) => {
    if (message) return { tone: "danger", text: message };
    const done = { like: "likeSent", unlike: "likeTakenBack", block: "block.blocked", unblock: "unblocked" };
    const key = intent && !match ? done[intent as keyof typeof done] : undefined;
    return key ? { tone: "success", text: t(key, { name }) } : null;
  });

  if (relation?.own) return null;
  if (!relation) {
    const ask = (reason: LoginReason) => () => setPrompt(reason);
    return (
      <>
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="button" className="btn-primary" onClick={ask("chat")}>
            <MessageCircle className="size-4" aria-hidden="true" /> {t("sendMessage")}
          </button>
          <button type="button" className="btn-outline" onClick={ask("like")}>
            <Heart className="size-4" aria-hidden="true" /> {t("like")}
          </button>
          <button type="button" className="btn-outline" onClick={ask("gift")}>
            <Gift className="size-4" aria-hidden="true" /> {t("gift.button")}
          </button>
          <Link to={`/notice?member=${id}`} className="btn-ghost text-muted" data-testid="report-profile">
            <Flag className="size-4" aria-hidden="true" /> {t("notices:link.report")}
          </Link>
        </div>
        {prompt && <LoginPrompt reason={prompt} name={name} onClose={() => setPrompt(null)} />}
      </>
    );
  }

  const busy = fetcher.state !== "idle";
  const liked = fetcher.formData ? fetcher.formData.get("intent") === "like" : relation.liked;
  return (
    <>
      <div className="mt-4 flex flex-wrap gap-2">
        {!relation.blockedByMe && (
          <>
            <StartChatButton memberId={id} className="btn-primary" unavailable={unavailable}>
              <MessageCircle className="size-4" aria-hidden="true" /> {t("sendMessage")}
            </StartChatButton>
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value={liked ? "unlike" : "like"} />
              <button type="submit" className="btn-outline" disabled={busy} aria-pressed={liked}>
                {liked ? (
                  <HeartOff className="size-4" aria-hidden="true" />
                ) : (
                  <Heart className="size-4" aria-hidden="true" />
                )}
                {liked ? t("unlike") : t("like")}
              </button>
            </fetcher.Form>
            {gifts && (
              <button type="button" className="btn-outline" onClick={() => setGiving(true)}>
                <Gift className="size-4" aria-hidden="true" /> {t("gift.button")}
              </button>
            )}
          </>
        )}
        <fetcher.Form
          method="post"
          onSubmit={(event) => {
            if (!relation.blockedByMe && !window.confirm(t("block.confirm", { name }))) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value={relation.blockedByMe ? "unblock" : "block"} />
          <button type="submit" className="btn-ghost text-muted" disabled={busy}>
            <Ban className="size-4" aria-hidden="true" /> {relation.blockedByMe ? t("block.unblock") : t("block.block")}
          </button>
        </fetcher.Form>
        <button type="button" className="btn-ghost text-muted" onClick={() => setReporting(true)}>
          <Flag className="size-4" aria-hidden="true" /> {t("safety:report.button")}
        </button>
      </div>
      {relation.match && !matched && (
        <p className="mt-2 text-sm font-semibold text-primary">{t("match.already", { name })}</p>
      )}
      {relation.likedBy && !relation.match && <p className="mt-2 text-sm text-muted">{t("likesYou", { name })}</p>}
      {relation.blockedByMe && <p className="mt-2 text-sm text-muted">{t("block.blocked", { name })}</p>}
      {reply?.message && (
        <p className="mt-2 text-sm text-danger" role="alert">
          {reply.message}
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
          title={t("match.title")}
          action={t("match.message", { name })}
          fictional={fictional}
          unavailable={unavailable}
          onClose={() => setMatched(false)}
        />
      )}
    </>
  );
}
