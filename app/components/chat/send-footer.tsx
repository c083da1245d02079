// The send footer: a text box with its character count against
// the domain's message_length (send is off past it), Enter to send and
// Shift+Enter for a new line, a photo button and a gift picker with its price.
import { Camera, Gift, SendHorizontal } from "lucide-react";
import { type ChangeEvent, type KeyboardEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { GiftIcon } from "#app/components/members/gift-icon.tsx";
import { formatNumber } from "#app/i18n/format.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import type { GiftInfo } from "./message-list.tsx";

export interface MessageCosts {
  text: number;
  photo: number;
  gift: number;
}

export function SendFooter({
  draft,
  onDraftChange,
  maxLength,
  costs,
  gifts,
  otherName,
  onSendText,
  onSendPhoto,
  onSendGift,
}: {
  draft: string;
  onDraftChange: (text: string) => void;
  maxLength: number;
  costs: MessageCosts;
  gifts: GiftInfo[];
  otherName: string;
  onSendText: (text: string) => void;
  onSendPhoto: (file: File) => void;
  onSendGift: (giftId: number) => void;
}) {
  const { t } = useTranslation("chat");
  const locale = useLocale();
  const id = useId();
  const photoInput = useRef<HTMLInputElement>(null);
  const [giftsOpen, setGiftsOpen] = useState(false);
  const length = draft.length;
  const tooLong = draft.trim().length > maxLength;
  const canSend = draft.trim().length > 0 && !tooLong;

  const send = () => {
    if (!canSend) return;
    onSendText(draft.trim());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  const onPhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) onSendPhoto(file);
  };

  return (
    <form
      className="shrink-0 border-t border-line bg-card px-2 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] sm:px-3"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <div className="mx-auto max-w-[800px]">
        <fieldset
          id={`${id}-gifts`}
          hidden={!giftsOpen}
          className="mb-2 rounded-xl border border-line p-2"
          data-testid="gift-picker"
        >
          <legend className="px-1 text-sm font-semibold">
            {t("footer.gifts")}{" "}
            <span className="font-normal text-muted">{t("footer.giftPrice", { count: costs.gift })}</span>
          </legend>
          <div className="grid grid-cols-4 gap-1.5 sm:grid-cols-8">
            {gifts.map((gift) => (
              <button
                key={gift.id}
                type="button"
                className="flex flex-col items-center gap-1 rounded-xl border border-line p-1.5 text-xs hover:border-primary hover:bg-primary-soft"
                onClick={() => {
                  setGiftsOpen(false);
                  onSendGift(gift.id);
                }}
              >
                <GiftIcon icon={gift.icon} className="size-7 text-primary" />
                {t(`members:gifts.${gift.slug}`, { defaultValue: gift.slug })}
              </button>
            ))}
          </div>
        </fieldset>
        <div className="flex items-end gap-1">
          <input ref={photoInput} type="file" accept="image/*" hidden onChange={onPhoto} data-testid="photo-input" />
          <button
            type="button"
            className="btn-ghost min-w-11 shrink-0 px-0"
            onClick={() => photoInput.current?.click()}
            aria-label={t("footer.photo", { count: costs.photo })}
            title={t("footer.photo", { count: costs.photo })}
          >
            <Camera className="size-5" aria-hidden="true" />
          </button>
          <button
            type="button"
            className="btn-ghost min-w-11 shrink-0 px-0"
            onClick={() => setGiftsOpen((open) => !open)}
            aria-expanded={giftsOpen}
            aria-controls={`${id}-gifts`}
            aria-label={t("footer.gift")}
            title={t("footer.gift")}
          >
            <Gift className="size-5" aria-hidden="true" />
          </button>
          <label htmlFor={`${id}-text`} className="sr-only">
            {t("footer.label", { name: otherName })}
          </label>
          <textarea
            id={`${id}-text`}
            value={draft}
            onChange={(event) => onDraftChange(event.target.value)}
            onKeyDown={onKeyDown}
            rows={1}
            placeholder={t("footer.placeholder")}
            aria-describedby={`${id}-count`}
            aria-invalid={tooLong || undefined}
            className="field-input max-h-40 min-w-0 flex-1 resize-none py-2.5 [field-sizing:content]"
            data-testid="message-input"
          />
          <button
            type="submit"
            className="btn-primary min-w-11 shrink-0 px-0 sm:px-4"
            disabled={!canSend}
            aria-label={t("footer.send")}
          >
            <SendHorizontal className="size-5" aria-hidden="true" />
            <span className="max-sm:hidden">{t("footer.send")}</span>
          </button>
        </div>
        <p id={`${id}-count`} className="mt-1 flex justify-between gap-2 px-1 text-xs text-muted">
          <span>{t("footer.price", { count: costs.text })}</span>
          <span className={tooLong ? "font-semibold text-danger" : undefined} data-testid="char-count">
            <span aria-hidden="true">
              {formatNumber(length, locale)} / {formatNumber(maxLength, locale)}
            </span>
            <span className="sr-only">
              {t("footer.count", { count: length, max: formatNumber(maxLength, locale) })}
            </span>
          </span>
        </p>
      </div>
    </form>
  );
}
