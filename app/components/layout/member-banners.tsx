// The banners under the navigation for a confirmed member, most valuable
// first: e-mail notifications that were switched off (messages go unseen),
// then the enrich-profile alert (a profile without a photo gets few replies),
// then the welcome bonus and time bonus, then push on this device. A phone
// shows one at a time, so the first profiles stay on the first screen: the
// next one appears when the one above is dismissed or done. Every banner
// marks itself with `data-banner`; a dialog a banner opens is not one.
import type { ReactNode } from "react";
import { EnrichProfileAlert } from "#app/components/members/enrich-profile-alert.tsx";
import { PaymentOffers } from "#app/components/payments/payment-offers.tsx";
import type { MemberSummary } from "#app/server/site/member-summary.ts";
import { EmailDisabledAlert, PushAlert } from "./notification-alerts.tsx";

/** Below md only the first banner shows; the rest wait their turn. */
export function OneBannerOnPhone({ children }: { children: ReactNode }) {
  return (
    <div className="max-md:[&>[data-banner]~[data-banner]]:hidden" data-testid="member-banners">
      {children}
    </div>
  );
}

export function MemberBanners({ member }: { member: MemberSummary }) {
  return (
    <OneBannerOnPhone>
      <EmailDisabledAlert reason={member.emailDisabledReason} />
      <EnrichProfileAlert missing={member.missing} />
      <PaymentOffers member={member} />
      <PushAlert />
    </OneBannerOnPhone>
  );
}
