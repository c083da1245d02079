// One conversation on screen: top bar, messages and send footer over the live
// connection of useConversation. A message the room refuses is given back to
// the text box (nothing was charged), with the alert that says why: buy
// credits, become premium, or the room's own message. The draft is kept in
// the browser per conversation (a purchase started from the alert comes back
// here with it), and the icebreaker only opens for a conversation with neither
// messages nor a draft. With a fictional profile the notice that a staff
// member answers stays pinned above the messages; the first paid message
// waits for the member to confirm it (the dialog), and where nobody staffs
// the desk the send box gives way to the reason. Offline, what the member
// sends waits in the outbox, shown as waiting, and goes once the connection
// is back.
import { MessageCircleOff, Sparkles, X } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useOffline } from "#app/components/runtime/offline-bar.tsx";
import { ReportDialog } from "#app/components/safety/report-dialog.tsx";
import type { ChatMessage } from "#app/schemas/chat.ts";
import { type ChatPartner, ChatTopBar } from "./chat-top-bar.tsx";
import type { ChatAlert } from "./conversation-state.ts";
import { IcebreakerModal } from "./icebreaker-modal.tsx";
import { type GiftInfo, MessageList } from "./message-list.tsx";
import { OperatorNoticeDialog } from "./operator-notice-dialog.tsx";
import { draftStorage } from "./outbox-storage.ts";
import { type MessageCosts, SendFooter } from "./send-footer.tsx";
import { useConversation } from "./use-conversation.ts";

export interface ConversationProps {
  conversationId: number;
  memberId: number;
  other: ChatPartner;
  credits: number;
  costs: MessageCosts;
  messageLength: number;
  gifts: GiftInfo[];
  history: { messages: ChatMessage[]; hasOlder: boolean };
  otherReadSeq: number;
  now: number;
  timeZone: string;
  /** With a fictional profile: whether a staff member answers, and whether the member confirmed the notice. */
  operatorNotice: { staffed: boolean; confirmed: boolean } | null;
}

export function Conversation(props: ConversationProps) {
  const { t } = useTranslation("chat");
  const { other, costs } = props;
  const { draft, setDraft, restored } = useStoredDraft(props.memberId, props.conversationId);
  const [confirmed, setConfirmed] = useState(props.operatorNotice?.confirmed ?? true);
  const writable = props.operatorNotice?.staffed ?? true;
  // What the member tried to send before confirming: it goes once they confirm.
  const [waiting, setWaiting] = useState<{ send: () => void } | null>(null);
  const chat = useConversation({
    conversationId: props.conversationId,
    memberId: props.memberId,
    otherId: other.id,
    initial: { ...props.history, otherReadSeq: props.otherReadSeq },
    // Nothing was sent: the text goes back into the box, unless something new was typed meanwhile.
    onRejected: (message, code) => {
      if (message.kind === "text") setDraft((current) => current || message.text);
      // Confirmed nowhere after all (another device, an old page): ask now; the text is back in the box.
      if (code === "operator_notice_unconfirmed") {
        setConfirmed(false);
        setWaiting({ send: () => {} });
      }
    },
  });
  const afterNotice = (send: () => void) => {
    if (confirmed) send();
    else setWaiting({ send });
  };
  const empty = chat.messages.length === 0 && !chat.hasOlder;
  // Unset until the member chooses: then it opens once the stored draft is known to be empty.
  const [icebreaker, setIcebreaker] = useState<boolean | null>(null);
  const icebreakerOpen = icebreaker ?? restored === "";
  const [reporting, setReporting] = useState<number | null>(null);
  const offline = useOffline();

  const sendText = (text: string) =>
    afterNotice(() => {
      chat.client.send({ kind: "text", text });
      setDraft("");
    });

  return (
    <section className="flex min-w-0 flex-1 flex-col bg-surface" aria-labelledby="chat-title">
      <ChatTopBar other={other} credits={chat.credits ?? props.credits} />
      {other.fictional && (
        // Pinned: it stays in view however far the messages scroll.
        <p
          className="shrink-0 border-b border-line bg-primary-soft px-3 py-2 text-center text-sm"
          data-testid="fictional-notice"
        >
          {t("members:fictionalNotice")}
        </p>
      )}
      <MessageList
        messages={chat.messages}
        pending={chat.pending}
        memberId={props.memberId}
        otherName={other.name}
        gifts={props.gifts}
        hasOlder={chat.hasOlder}
        loadingOlder={chat.loadingOlder}
        otherTyping={chat.otherTyping}
        otherReadSeq={chat.otherReadSeq}
        now={props.now}
        timeZone={props.timeZone}
        onLoadOlder={() => chat.client.loadOlder()}
        onRetry={(clientId) => chat.client.retry(clientId)}
        onReport={setReporting}
        offline={offline}
        empty={
          <div className="my-auto flex flex-col items-center gap-3 py-8 text-center" data-testid="chat-empty">
            <p className="text-muted">{t("conversation.empty", { name: other.name })}</p>
            <button type="button" className="btn-outline" onClick={() => setIcebreaker(true)}>
              <Sparkles className="size-4 text-primary" aria-hidden="true" /> {t("conversation.ideas")}
            </button>
          </div>
        }
      />
      {chat.alert && (
        <AlertBox alert={chat.alert} conversationId={props.conversationId} onClose={() => chat.client.dismissAlert()} />
      )}
      {writable ? (
        <SendFooter
          draft={draft}
          onDraftChange={(text) => {
            setDraft(text);
            if (text) chat.client.typing();
          }}
          maxLength={props.messageLength}
          costs={costs}
          gifts={props.gifts}
          otherName={other.name}
          onSendText={sendText}
          onSendPhoto={(file) => afterNotice(() => void chat.client.sendPhoto(file))}
          onSendGift={(giftId) => afterNotice(() => chat.client.send({ kind: "gift", giftId }))}
        />
      ) : (
        <p
          role="status"
          className="flex shrink-0 items-center justify-center gap-2 border-t border-line bg-card px-3 py-4 text-center text-sm text-muted"
          data-testid="chat-unstaffed"
        >
          <MessageCircleOff className="size-5 shrink-0" aria-hidden="true" />
          {t("unstaffed.notice", { name: other.name })}
        </p>
      )}
      {waiting && (
        <OperatorNoticeDialog
          conversationId={props.conversationId}
          name={other.name}
          onConfirmed={() => {
            setConfirmed(true);
            if (chat.alert?.code === "operator_notice_unconfirmed") chat.client.dismissAlert();
            waiting.send();
          }}
          onClose={() => setWaiting(null)}
        />
      )}
      {reporting !== null && (
        <ReportDialog
          name={other.name}
          member={other.id}
          message={{ conversation: props.conversationId, seq: reporting }}
          onClose={() => setReporting(null)}
        />
      )}
      {icebreakerOpen && empty && writable && chat.pending.length === 0 && (
        <IcebreakerModal name={other.name} cost={costs.text} onPick={sendText} onClose={() => setIcebreaker(false)} />
      )}
    </section>
  );
}

/**
 * The send box's text, kept in the browser for this conversation. The server
 * renders it empty; `restored` is the stored draft once read (null before).
 */
function useStoredDraft(memberId: number, conversationId: number) {
  const store = useMemo(() => draftStorage(memberId, conversationId), [memberId, conversationId]);
  const [draft, setDraft] = useState("");
  const [restored, setRestored] = useState<string | null>(null);
  useEffect(() => {
    const saved = store.read();
    setRestored(saved);
    if (saved) setDraft((current) => current || saved);
  }, [store]);
  useEffect(() => {
    if (restored !== null) store.write(draft);
  }, [store, restored, draft]);
  return { draft, setDraft, restored };
}

function AlertBox({
  alert,
  conversationId,
  onClose,
}: {
  alert: ChatAlert;
  conversationId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation("chat");
  // Buying from here comes back to this conversation (the server checks the path).
  const buy = `/credits?${new URLSearchParams({ return: `/chats/${conversationId}` })}`;
  const link =
    alert.code === "insufficient_credits"
      ? { to: buy, label: t("alerts.buyCredits") }
      : alert.code === "premium_only"
        ? { to: "/premium", label: t("alerts.becomePremium") }
        : null;
  return (
    <div className="shrink-0 px-2 sm:px-3">
      <div
        role="alert"
        className="mx-auto mb-2 flex max-w-[800px] items-start gap-3 rounded-xl border border-danger/30 bg-card p-3 text-sm shadow-sm"
        data-testid={`chat-alert-${alert.code}`}
      >
        <div className="flex-1">
          <p className="font-semibold text-danger">{alert.message || t("errors:general")}</p>
          {link && (
            <Link to={link.to} className="mt-1 inline-block font-semibold text-primary underline">
              {link.label}
            </Link>
          )}
        </div>
        <button
          type="button"
          className="btn-ghost min-h-8 min-w-8 px-0"
          onClick={onClose}
          aria-label={t("alerts.close")}
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
