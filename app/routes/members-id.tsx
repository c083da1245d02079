// /members/{id}: a member's profile. Its actions (like, gift, block, a private note, …) post to
// this route's action.

import { parseWithZod } from "@conform-to/zod/v4";
import { invariantResponse } from "@epic-web/invariant";
import { useTranslation } from "react-i18next";
import { data, redirect, useLocation } from "react-router";
import { ActionError } from "#app/components/forms/action-error.tsx";
import { ProfileInterests } from "#app/components/interests/interest-groups.tsx";
import { pageMeta } from "#app/components/layout/page-meta.ts";
import { FictionalBadge } from "#app/components/members/fictional-badge.tsx";
import { MemberGrid } from "#app/components/members/member-card.tsx";
import { ProfileNote } from "#app/components/members/profile-note.tsx";
import { SearchLocked } from "#app/components/members/search-locked.tsx";
import { LikedMark, ProfileActions } from "#app/components/profile/profile-actions.tsx";
import { PhotosUnlock, ProfilePhotos } from "#app/components/profile/profile-photos.tsx";
import { useCountsAfterSeeing } from "#app/components/runtime/fresh-counts.ts";
import { CamPartnerBlock } from "#app/components/site/cam-partner-block.tsx";
import { requestContext } from "#app/context.ts";
import { countryName } from "#app/i18n/format.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { rejected, withDomainErrors, withDomainMessage } from "#app/routing/forms.server.ts";
import { requireMember } from "#app/routing/guards.server.ts";
import { parseId } from "#app/routing/params.ts";
import { memberActionSchema } from "#app/schemas/member-actions.ts";
import { profileNoteSchema } from "#app/schemas/profile-notes.ts";
import { deskStaffedFor } from "#app/server/fictional/operator-notice.ts";
import { giftMenu } from "#app/server/likes/gifts.ts";
import { passOnProfile } from "#app/server/likes/pass-on.ts";
import { actOnMember } from "#app/server/members/member-action.ts";
import { saveNote } from "#app/server/members/notes.ts";
import { openProfile } from "#app/server/members/open-profile.ts";
import { maySearch } from "#app/server/members/search-access.ts";
import { camPartner } from "#app/server/site/cam-partner.ts";
import { trafficSource } from "#app/server/site/traffic-source.ts";
import type { Route } from "./+types/members-id";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = context.get(requestContext);
  const t = getI18n(context).t;
  // A visitor sees a profile only where they may see members at all (as /members answers).
  if (!maySearch(app, trafficSource(request))) {
    return data({ locked: true as const, title: t("members:title") }, { status: 403 });
  }
  const id = parseId(params.id);
  const viewer = app.member ? { id: app.member.id, paidUser: app.member.paidUser } : null;
  const page = id === null ? null : await openProfile(app, id, viewer);
  invariantResponse(page, () => t("errors:memberNotFound"), { status: 404 });
  return {
    locked: false as const,
    ...page,
    visible: app.settings.visible_profile_fields,
    camPartner: camPartner(app.settings),
    gifts: app.member ? await giftMenu(app, app.member) : null,
    // A fictional profile is written to only where a staff member answers for it.
    writable: page.profile.fictional ? await deskStaffedFor(app, page.profile.id) : true,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { app, member } = requireMember(context, request);
  const t = getI18n(context).t;
  const id = parseId(params.id);
  invariantResponse(id, () => t("errors:memberNotFound"), { status: 404 });
  const formData = await request.formData();
  if (formData.get("intent") === "note") {
    const submission = parseWithZod(formData, { schema: profileNoteSchema });
    if (submission.status !== "success") return rejected(submission);
    return withDomainErrors(submission, t, async () => ({
      intent: "note" as const,
      result: submission.reply(),
      ...(await saveNote(app, member.id, id, submission.value.note)),
    }));
  }
  if (formData.get("intent") === "pass") {
    // Not interested: on to the next profile of the list the member came from, else back to it.
    const fromLikes = new URL(request.url).pathname.startsWith("/likes/");
    return withDomainMessage(
      t,
      async () => {
        const { next } = await passOnProfile(app, member, id, fromLikes ? "likes" : "search");
        const list = fromLikes ? "/likes" : "/members";
        return redirect(next === null ? list : `${fromLikes ? "/likes/m" : "/members"}/${next}`);
      },
      {},
    );
  }
  const parsed = memberActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    return data({ message: t("errors:invalidInput"), code: "invalid_input" }, { status: 400 });
  }
  return withDomainMessage(t, () => actOnMember(app, member, id, parsed.data), {});
}

// A member's name and age, nothing else of them: no photo, no about text, no facts (page-meta.ts).
export const meta = (args: Route.MetaArgs) =>
  pageMeta(
    args,
    args.loaderData &&
      (args.loaderData.locked
        ? { title: args.loaderData.title }
        : { title: `${args.loaderData.profile.name}, ${args.loaderData.profile.age}` }),
  );

export default function MemberPage({ loaderData, actionData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  if (loaderData.locked) return <SearchLocked returnTo={pathname} />;
  return <MemberProfile loaderData={loaderData} actionData={actionData} />;
}

function MemberProfile({
  loaderData: { profile, visible, gifts, likeSeen, note, camPartner: partner, writable },
  actionData,
}: {
  loaderData: Extract<Route.ComponentProps["loaderData"], { locked: false }>;
  actionData: Route.ComponentProps["actionData"];
}) {
  useCountsAfterSeeing(likeSeen ? profile.id : null);
  const { t } = useTranslation("members");
  const locale = useLocale();
  const shows = (field: (typeof visible)[number]) => visible.includes(field);
  const place = [
    shows("region") ? profile.region : null,
    shows("country") ? countryName(profile.country, locale) : null,
  ]
    .filter(Boolean)
    .join(", ");
  const allFacts = [
    ["gender", profile.gender && t(`enums:gender.${profile.gender}`)],
    ["sexuality", profile.sexuality && t(`enums:sexuality.${profile.sexuality}`)],
    [
      "relationshipStatus",
      profile.relationshipStatus &&
        t(`enums:relationshipStatus.${profile.relationshipStatus}`, { context: profile.gender }),
    ],
    ["hairColour", profile.hairColour && t(`enums:hairColour.${profile.hairColour}`)],
    ["eyeColour", profile.eyeColour && t(`enums:eyeColour.${profile.eyeColour}`)],
    ["bodyType", profile.bodyType && t(`enums:bodyType.${profile.bodyType}`)],
    ["tattoos", profile.tattoos === null ? null : t(profile.tattoos ? "yes" : "no")],
    ["height", profile.heightCm && t("heightCm", { cm: profile.heightCm })],
  ] as const;
  const fieldOf = {
    gender: "gender",
    sexuality: "sexuality",
    relationshipStatus: "relationship_status",
    hairColour: "hair_colour",
    eyeColour: "eye_colour",
    bodyType: "body_type",
    tattoos: "tattoos",
    height: "height",
  } as const;
  const facts = allFacts.filter(([key]) => shows(fieldOf[key]));

  return (
    // On a phone the actions bar covers the bottom of the screen: the page ends above it.
    <article className="mx-auto max-w-6xl px-4 pt-8 pb-36 md:pb-8">
      <ActionError actionData={actionData} className="mb-4" />
      <div className="grid gap-6 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <div>
          <div className="card relative aspect-square overflow-hidden">
            {profile.mainImage ? (
              <img
                src={profile.mainImage}
                alt={t("photoOf", { name: profile.name })}
                width={640}
                height={640}
                className="size-full object-cover"
              />
            ) : (
              <div className="flex size-full items-center justify-center bg-secondary-soft text-7xl font-black text-secondary">
                {profile.name.slice(0, 1)}
              </div>
            )}
            {profile.fictional && <FictionalBadge className="absolute left-3 top-3" />}
            {profile.relation && !profile.relation.own && (
              <LikedMark memberId={profile.id} likedBefore={profile.relation.liked} name={profile.name} />
            )}
          </div>
          <ProfilePhotos name={profile.name} photos={profile.photos} unlock={profile.photosUnlock} />
        </div>
        <div>
          <h1 className="text-3xl font-black">
            {profile.name}
            {shows("age") && (
              <>
                , <span className="font-semibold text-muted">{profile.age}</span>
              </>
            )}
          </h1>
          <p className="mt-1 text-muted">{place}</p>
          {profile.fictional && <p className="mt-3 rounded-lg bg-primary-soft p-3 text-sm">{t("fictionalNotice")}</p>}
          <ProfileActions
            id={profile.id}
            name={profile.name}
            photo={profile.mainImage}
            relation={profile.relation}
            gifts={gifts}
            fictional={profile.fictional}
            writable={writable}
          />
          {note && (
            <ProfileNote
              memberId={profile.id}
              name={profile.name}
              note={note.text}
              reply={actionData}
              className="mt-6"
            />
          )}
          {profile.about && shows("about") && (
            <section className="mt-6" aria-labelledby="about-title">
              <h2 id="about-title" className="mb-2 text-lg font-bold">
                {t("about", { name: profile.name })}
              </h2>
              <p className="whitespace-pre-line leading-relaxed">{profile.about}</p>
            </section>
          )}
          <dl className="mt-6 grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
            {facts
              .filter(([, value]) => value)
              .map(([key, value]) => (
                <div key={key}>
                  <dt className="text-muted">{t(`facts.${key}`)}</dt>
                  <dd className="font-semibold">{value}</dd>
                </div>
              ))}
          </dl>
          {profile.interests.length > 0 && shows("interests") && (
            <section className="mt-6" aria-labelledby="interests-title">
              <h2 id="interests-title" className="mb-2 text-lg font-bold">
                {t("interests")}
              </h2>
              <ProfileInterests interests={profile.interests} />
            </section>
          )}
          <PhotosUnlock name={profile.name} unlock={profile.photosUnlock} className="mt-6" />
          <CamPartnerBlock partner={partner} className="mt-6" />
        </div>
      </div>
      {profile.related.length > 0 && (
        <section className="mt-12" aria-labelledby="related-title">
          <h2 id="related-title" className="mb-4 text-xl font-bold">
            {t("related")}
          </h2>
          <MemberGrid members={profile.related} countryName={(code) => countryName(code, locale)} />
        </section>
      )}
    </article>
  );
}
