// The banner slot under the navigation: one banner at a time, on a phone and
// a desktop alike, the most important first. Each banner decides for itself
// whether it is due (a dismissal, the push state and the offers are only known
// in the browser) and marks itself with `data-banner`; the slot shows the
// first one present and hides the rest, so the next appears as soon as the
// one above is dismissed or done. A dialog a banner opens is not a banner.
import { ActivationAlert } from "#app/components/accounts/activation-reminder.tsx";
import { AddPhotoAlert, CompleteProfileAlert } from "#app/components/members/enrich-profile-alert.tsx";
import { PaymentOffers } from "#app/components/payments/payment-offers.tsx";
import type { MemberSummary } from "#app/server/site/member-summary.ts";
import { EmailDisabledAlert, PushAlert } from "./notification-alerts.tsx";

/**
 * The order, most important first: messages going unseen, a profile nobody
 * sees until the address is confirmed, a profile without a photo, one without
 * an about text or interests, push on this device, and last the offers (they
 * end by themselves, so they have no ×, and would otherwise keep the others away).
 */
export function MemberBanners({ member }: { member: MemberSummary }) {
  return (
    <div className="[&>[data-banner]~[data-banner]]:hidden" data-testid="member-banners">
      <EmailDisabledAlert reason={member.emailDisabledReason} />
      {!member.confirmed && <ActivationAlert />}
      <AddPhotoAlert missing={member.missing} />
      <CompleteProfileAlert missing={member.missing} />
      <PushAlert />
      <PaymentOffers member={member} />
    </div>
  );
}
