// The icebreaker modal: for a conversation without messages, five
// opening lines and what a message costs; choosing one sends it. A line is
// sent as written, so it speaks in the sender's gender where their language
// needs one (i18next context; the neutral line otherwise).
import { Sparkles } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useSiteChrome } from "#app/components/layout/use-site-chrome.ts";

const ICEBREAKERS = ["line1", "line2", "line3", "line4", "line5"] as const;

export function IcebreakerModal({
  name,
  cost,
  onPick,
  onClose,
}: {
  name: string;
  cost: number;
  onPick: (text: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("chat");
  const gender = useSiteChrome()?.member?.gender;
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="icebreaker-title"
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-(--radius-card) bg-card p-6 backdrop:bg-ink/60"
      data-testid="icebreaker"
    >
      <h2 id="icebreaker-title" className="flex items-center gap-2 text-xl font-bold">
        <Sparkles className="size-5 text-primary" aria-hidden="true" />
        {t("icebreaker.title", { name })}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("icebreaker.intro")}</p>
      <ul className="mt-4 grid gap-2">
        {ICEBREAKERS.map((key) => {
          const line = t(`icebreaker.${key}`, { name, context: gender });
          return (
            <li key={key}>
              <button
                type="button"
                className="w-full rounded-xl border border-line px-4 py-3 text-left text-sm hover:border-primary hover:bg-primary-soft"
                onClick={() => {
                  onPick(line);
                  dialog.current?.close();
                }}
              >
                {line}
              </button>
            </li>
          );
        })}
      </ul>
      <p className="mt-3 text-xs text-muted" data-testid="icebreaker-price">
        {t("icebreaker.price", { count: cost })}
      </p>
      <form method="dialog" className="mt-4 text-right">
        <button type="submit" className="btn-ghost">
          {t("icebreaker.own", { context: gender })}
        </button>
      </form>
    </dialog>
  );
}
