// Choosing a gift for a member, at the price the server gives (the same as in
// the chat: gift_credits, or the minimum of the member's country). One
// request id per opening, so a double click or retry is charged once.
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { GiftIcon } from "#app/components/members/gift-icon.tsx";

export function GiftDialog({
  name,
  gifts,
  cost,
  credits,
  onClose,
}: {
  name: string;
  gifts: { id: number; slug: string; icon: string }[];
  cost: number;
  credits: number;
  onClose: () => void;
}) {
  const { t } = useTranslation("members");
  const fetcher = useFetcher<{ intent?: string; sent?: boolean; already?: boolean; message?: string; code?: string }>();
  const dialog = useRef<HTMLDialogElement>(null);
  const request = useMemo(() => crypto.randomUUID(), []);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const sent = fetcher.data?.sent || fetcher.data?.already;
  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="gift-title"
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-(--radius-card) bg-card p-4 backdrop:bg-ink/60 sm:p-6"
      data-testid="gift-dialog"
    >
      <h2 id="gift-title" className="text-xl font-bold">
        {t("gift.title", { name })}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("gift.price", { count: cost, credits })}</p>
      {sent ? (
        <p className="mt-4 rounded-lg bg-success/10 p-3 text-success" role="status">
          {t("gift.sent", { name })}
        </p>
      ) : (
        <fetcher.Form method="post" className="mt-4 grid grid-cols-[repeat(auto-fill,minmax(4.75rem,1fr))] gap-2">
          {/* As many columns as 76 px tiles fit: three at 320 px, four from 375 px; a long name wraps in its tile. */}
          <input type="hidden" name="intent" value="gift" />
          <input type="hidden" name="request" value={request} />
          {gifts.map((gift) => (
            <button
              key={gift.id}
              type="submit"
              name="gift"
              value={gift.id}
              disabled={fetcher.state !== "idle"}
              className="flex min-w-0 flex-col items-center gap-1 rounded-xl border border-line p-2 text-center text-xs hyphens-auto wrap-anywhere hover:border-primary hover:bg-primary-soft"
            >
              <GiftIcon icon={gift.icon} className="size-8 text-primary" />
              {t(`gifts.${gift.slug}`)}
            </button>
          ))}
        </fetcher.Form>
      )}
      {fetcher.data?.message && (
        <div className="mt-3 text-sm text-danger" role="alert">
          <p>{fetcher.data.message}</p>
          {fetcher.data.code === "insufficient_credits" && (
            <a href="/credits" className="font-semibold underline">
              {t("gift.buyCredits")}
            </a>
          )}
        </div>
      )}
      <form method="dialog" className="mt-4 text-right">
        <button type="submit" className="btn-ghost">
          {t("gift.close")}
        </button>
      </form>
    </dialog>
  );
}
