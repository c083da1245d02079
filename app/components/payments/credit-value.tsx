// The top of the credits page: the member's balance in large type, and what
// one credit buys on their domain (a message, a photo, a gift), from the same
// prices the chat charges. Counts go through i18next's number format (Intl).
import { Coins, Gift, Image, MessageCircle } from "lucide-react";
import { useTranslation } from "react-i18next";

export function CreditsBalance({
  balance,
  value,
}: {
  balance: number;
  value: { message: number; photo: number; gift: number };
}) {
  const { t } = useTranslation("payments");
  const prices = [
    { icon: MessageCircle, text: t("credits.value.message", { count: value.message }) },
    { icon: Image, text: t("credits.value.photo", { count: value.photo }) },
    { icon: Gift, text: t("credits.value.gift", { count: value.gift }) },
  ];
  return (
    <section className="card mt-4 space-y-4 p-5 sm:p-6" aria-labelledby="credits-balance">
      <p id="credits-balance" className="flex items-center gap-3 text-2xl font-black" data-testid="credits-balance">
        <Coins className="size-7 shrink-0 text-primary" aria-hidden="true" />
        <span className="min-w-0 break-words">{t("credits.balance", { count: balance })}</span>
      </p>
      <div data-testid="credit-value">
        <h2 className="text-sm font-bold text-muted">{t("credits.valueTitle")}</h2>
        <ul className="mt-2 flex flex-wrap gap-2">
          {prices.map(({ icon: Icon, text }) => (
            <li
              key={text}
              className="flex min-w-0 items-center gap-2 rounded-full bg-primary-soft px-3 py-1.5 text-sm font-semibold"
            >
              <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
              <span className="min-w-0 break-words">{text}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
