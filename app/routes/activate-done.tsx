// /activate/done: the activation (or reactivation) link lands here. Its GET
// only asks: the page names the account (its masked address) and what will
// happen, and its one button posts the link, which activates or reactivates
// the account and logs its member in. A GET must not do that: another site can
// send a visitor a link to the sender's own account (who would then chat and
// pay in it), and mail scanners open links before the member does.
// Afterwards the page welcomes the member, people before any offer: how many
// conversations a free member starts, the photo step while the member has no
// photo (and did not skip it), members overview (3 on phones); below them the
// signup-profile card, the get-premium card with the member's discount badge
// while the discount rule offers one, and the domain's cam-partner block when
// it has one.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { FreeConversationsNote } from "#app/components/accounts/activation-reminder.tsx";
import { SubmitButton } from "#app/components/forms/fields.tsx";
import { useSiteChrome } from "#app/components/layout/use-site-chrome.ts";
import { MemberGrid } from "#app/components/members/member-card.tsx";
import { PhotoStep } from "#app/components/photos/photo-step.tsx";
import { CamPartnerBlock } from "#app/components/site/cam-partner-block.tsx";
import { requestContext } from "#app/context.ts";
import { countryName } from "#app/i18n/format.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { requireMember } from "#app/routing/guards.server.ts";
import { accountLinkPreview, followAccountLink } from "#app/server/accounts/activation.ts";
import { asksForPhoto } from "#app/server/accounts/photo-step.ts";
import { sessionCookie } from "#app/server/accounts/session-cookie.ts";
import { isDomainError } from "#app/server/errors.ts";
import { searchMembers, searchQuerySchema } from "#app/server/members/search.ts";
import { creditValue } from "#app/server/payments/credits-overview.ts";
import { memberOffer } from "#app/server/payments/offers.ts";
import { camPartner } from "#app/server/site/cam-partner.ts";
import type { Route } from "./+types/activate-done";

/** A link that does nothing (any more) leads to the page that says so. */
async function orLinkError<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isDomainError(error)) throw redirect("/activate/error");
    throw error;
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (token) {
    const app = context.get(requestContext);
    const link = await orLinkError(() => accountLinkPreview(app, token));
    const title =
      link.action === "activate" ? "accounts:followLink.activateTitle" : "accounts:followLink.reactivateTitle";
    return { link: { ...link, token }, title: getI18n(context).t(title) };
  }
  const { app, member } = requireMember(context, request);
  const [{ members }, offer] = await Promise.all([
    searchMembers(app, searchQuerySchema.parse({ gender: member.profile.seeking, country: member.profile.country })),
    memberOffer(app, member),
  ]);
  return {
    link: null,
    name: member.profile.name,
    askPhoto: asksForPhoto(request, member),
    confirmed: member.status === "active",
    paid: member.paidUser,
    discount: offer?.percentage ?? null,
    messageCredits: creditValue(app.settings, member.profile.country).message,
    members: members.slice(0, 8),
    camPartner: camPartner(app.settings),
    title: getI18n(context).t("accounts:done.title"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(requestContext);
  const token = (await request.formData()).get("token");
  const { sessionToken } = await orLinkError(() =>
    followAccountLink(app, {
      token: typeof token === "string" ? token : "",
      loggedInAs: app.member?.id ?? null,
      userAgent: request.headers.get("user-agent"),
    }),
  );
  const headers = sessionToken ? { "Set-Cookie": sessionCookie(request, sessionToken) } : undefined;
  return redirect("/activate/done", { headers });
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function ActivateDone({ loaderData }: Route.ComponentProps) {
  if (loaderData.link) return <FollowLink {...loaderData.link} />;
  return <Welcome {...loaderData} />;
}

function FollowLink({ action, email, token }: { action: "activate" | "reactivate"; email: string; token: string }) {
  const { t } = useTranslation("accounts");
  const activate = action === "activate";
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="card p-6 text-center sm:p-8">
        <h1 className="text-2xl font-bold">
          {activate ? t("followLink.activateTitle") : t("followLink.reactivateTitle")}
        </h1>
        <p className="mt-3 text-muted">
          {activate ? t("followLink.activateText", { email }) : t("followLink.reactivateText", { email })}
        </p>
        <Form method="post" className="mt-6" data-testid="follow-account-link">
          <input type="hidden" name="token" value={token} />
          <SubmitButton>{activate ? t("followLink.activateButton") : t("followLink.reactivateButton")}</SubmitButton>
        </Form>
        <p className="mt-4 text-sm text-muted">{t("followLink.notYours")}</p>
      </div>
    </div>
  );
}

function Welcome(loaderData: Extract<Route.ComponentProps["loaderData"], { link: null }>) {
  const { t } = useTranslation("accounts");
  const locale = useLocale();
  const freeConversations = useSiteChrome()?.member?.freeConversations ?? null;
  // Kept in view once a photo went up, though the page's loader no longer asks for one.
  const [photoAdded, setPhotoAdded] = useState(false);
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-black sm:text-3xl">{t("done.title")}</h1>
      <p className="mt-1 text-muted">{t("done.intro", { name: loaderData.name })}</p>
      <FreeConversationsNote max={freeConversations} className="mt-1 text-muted" />
      {(loaderData.askPhoto || photoAdded) && (
        <div className="mt-6 max-w-lg">
          <PhotoStep next="/activate/done" heading="h2" onAdded={() => setPhotoAdded(true)} />
        </div>
      )}
      <section className="mt-8" aria-labelledby="overview-title" data-testid="welcome-faces">
        <h2 id="overview-title" className="mb-4 text-xl font-bold">
          {t("done.membersTitle")}
        </h2>
        {/* Only the first three on small screens. */}
        <div className="[&_li:nth-child(n+4)]:hidden md:[&_li:nth-child(n+4)]:block">
          <MemberGrid members={loaderData.members} countryName={(code) => countryName(code, locale)} />
        </div>
      </section>
      <section className="mt-10" aria-labelledby="offer-title" data-testid="welcome-offers">
        <h2 id="offer-title" className="mb-4 text-xl font-bold">
          {t("done.offerTitle")}
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          <section className="card p-6" aria-labelledby="profile-card">
            <h3 id="profile-card" className="text-lg font-bold">
              {t("done.profileTitle")}
            </h3>
            <p className="mt-1 text-sm text-muted">{t("done.profileText")}</p>
            <Link to="/profile" className="btn-outline mt-4">
              {t("done.profileButton")}
            </Link>
          </section>
          {!loaderData.paid && (
            <section className="card relative overflow-hidden p-6" aria-labelledby="premium-card">
              {loaderData.discount !== null && (
                <span className="badge absolute right-4 top-4 bg-unread px-2 py-1 text-sm text-unread-ink">
                  −{loaderData.discount}%
                </span>
              )}
              <h3 id="premium-card" className="text-lg font-bold">
                {t("done.premiumTitle")}
              </h3>
              <p className="mt-1 text-sm text-muted">
                {loaderData.discount !== null
                  ? t("done.premiumText", { discount: loaderData.discount, count: loaderData.messageCredits })
                  : t("payments:premium.intro")}
              </p>
              <Link to="/premium" className="btn-primary mt-4">
                {t("done.premiumButton")}
              </Link>
            </section>
          )}
        </div>
        <CamPartnerBlock partner={loaderData.camPartner} className="mt-4" />
      </section>
    </div>
  );
}
