// What premium gives, for the premium page and the credits page alike. Writing
// to anyone is promised with its price, never on its own: every message costs
// credits, and a member should read that before they pay.
import { Check, Images, MessageCircle, Infinity as Unlimited } from "lucide-react";
import { useTranslation } from "react-i18next";

export function PremiumBenefits({
  messageCredits,
  photoLimit,
  refundDays,
  className = "",
}: {
  messageCredits: number;
  photoLimit: number;
  refundDays: number;
  className?: string;
}) {
  const { t } = useTranslation("payments");
  const benefits = [
    { icon: Images, text: t("premium.benefits.allPhotos") },
    { icon: Unlimited, text: t("premium.benefits.unlimitedPhotos") },
    { icon: Check, text: t("premium.benefits.ownPhotos", { count: photoLimit }) },
    {
      icon: MessageCircle,
      text: messageCredits ? t("premium.benefits.chat", { count: messageCredits }) : t("premium.benefits.chatFree"),
    },
  ];
  return (
    <section className={`card p-5 sm:p-6 ${className}`} aria-labelledby="benefits-title" data-testid="premium-benefits">
      <h2 id="benefits-title" className="text-xl font-bold">
        {t("premium.benefitsTitle")}
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {benefits.map(({ icon: Icon, text }) => (
          <li key={text} className="flex min-w-0 items-start gap-3">
            <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <span className="min-w-0 break-words">{text}</span>
          </li>
        ))}
      </ul>
      <p className="mt-5 text-sm text-muted">{t("premium.refund", { count: refundDays })}</p>
    </section>
  );
}
