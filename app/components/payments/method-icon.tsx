// One icon per payment method: a card, a bank, a phone
// or a wallet, so the tiles read at a glance without brand logos. Methods no
// longer offered (sofort, giropay, klarna) show the card of any other.
import { ArrowLeftRight, Banknote, CreditCard, Landmark, type LucideIcon, Smartphone, Wallet } from "lucide-react";

const icons: Record<string, LucideIcon> = {
  directdebit: Banknote,
  banktransfer: ArrowLeftRight,
  ideal: Landmark,
  bancontact: CreditCard,
  paypal: Wallet,
  creditcard: CreditCard,
  eps: Landmark,
  przelewy24: Landmark,
  blik: Smartphone,
  mobilepay: Smartphone,
  vipps: Smartphone,
  trustly: Landmark,
  twint: Smartphone,
  applepay: Smartphone,
};

export function MethodIcon({ method, className = "size-6" }: { method: string; className?: string }) {
  const Icon = icons[method] ?? CreditCard;
  return <Icon className={className} aria-hidden="true" />;
}
