// "Order again": one tap buys an earlier order's package with its method at
// today's price (the repeat-order action starts the checkout); when that
// method is no longer offered, the tap opens the package's checkout to choose one.
import { RotateCcw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { SubmitButton } from "#app/components/forms/fields.tsx";

export function OrderAgain({
  offer,
  method,
  label,
  className = "",
}: {
  offer: { id: number; credits: number };
  method: string | null;
  label: string;
  className?: string;
}) {
  const { t } = useTranslation("payments");
  const what = `${t("package.credits", { count: offer.credits })}${method ? `, ${t(`methods.${method}`)}` : ""}`;
  const content = (
    <>
      <RotateCcw className="size-4 shrink-0" aria-hidden="true" />
      {label}
      <span className="sr-only">: {what}</span>
    </>
  );
  if (!method) {
    return (
      <Link to={`/credits/${offer.id}`} className={`btn-primary min-h-11 ${className}`} data-testid="order-again">
        {content}
      </Link>
    );
  }
  return (
    <Form method="post" action="/credits/repeat-order" className={className} data-testid="order-again">
      <input type="hidden" name="package" value={offer.id} />
      <input type="hidden" name="method" value={method} />
      <SubmitButton className="btn-primary min-h-11 w-full">{content}</SubmitButton>
    </Form>
  );
}
