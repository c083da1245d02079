// /profile, the member's own profile: photos, every field with its
// enumeration (orientation "not said" until the member sets it), interests
// with their icons (adult ones in their own group, opted into), and the about text.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { LocationFields } from "#app/components/accounts/location-fields.tsx";
import {
  ErrorList,
  FormMessage,
  InputField,
  SelectField,
  SubmitButton,
  TextareaField,
} from "#app/components/forms/fields.tsx";
import { useFormToast } from "#app/components/forms/use-form-toast.ts";
import { InterestChoices } from "#app/components/interests/interest-groups.tsx";
import { GiftIcon } from "#app/components/members/gift-icon.tsx";
import { PhotoManager } from "#app/components/photos/photo-manager.tsx";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { rejected, withDomainErrors } from "#app/routing/forms.server.ts";
import { requireMember } from "#app/routing/guards.server.ts";
import { bodyTypes, eyeColours, genders, hairColours, relationshipStatuses, sexualities } from "#app/schemas/enums.ts";
import { MAX_INTERESTS, ownProfileFormSchema } from "#app/schemas/profile.ts";
import { receivedGifts } from "#app/server/likes/gifts.ts";
import { ownProfile, updateOwnProfile } from "#app/server/members/own-profile.ts";
import { listOwnPhotos } from "#app/server/photos/manage.ts";
import { interestsOffered, locationRegions } from "#app/server/settings/offered.ts";
import type { Route } from "./+types/profile";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, member } = requireMember(context, request);
  const [own, interests, regions, photos, gifts] = await Promise.all([
    ownProfile(app, member.id),
    interestsOffered(app),
    locationRegions(app),
    listOwnPhotos(app, member),
    receivedGifts(app, member.id),
  ]);
  const p = own.profile;
  return {
    id: member.id,
    // The form checks in the browser, too, that the name is not this address.
    email: member.email,
    paid: member.paidUser,
    defaults: {
      name: p.name,
      gender: p.gender,
      seeking: p.seeking,
      sexuality: p.sexuality ?? "",
      country: p.country,
      region: String(p.regionId ?? ""),
      hair_colour: p.hairColour ?? "",
      eye_colour: p.eyeColour ?? "",
      body_type: p.bodyType ?? "",
      relationship_status: p.relationshipStatus ?? "",
      tattoos: p.tattoos === null ? "" : p.tattoos ? "yes" : "no",
      height_cm: p.heightCm === null ? "" : String(p.heightCm),
      about: p.about,
      interests: own.interests,
    },
    options: {
      genders,
      sexualities,
      hairColours,
      eyeColours,
      bodyTypes,
      relationshipStatuses,
      countries: app.settings.countries,
      regions,
      interests: interests.map((i) => ({ slug: i.slug, icon: i.icon, adult: i.adult })),
    },
    photos,
    gifts,
    title: getI18n(context).t("profile:title"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { app, member } = requireMember(context, request);
  const submission = parseWithZod(await request.formData(), { schema: ownProfileFormSchema(member.email) });
  if (submission.status !== "success") return rejected(submission);
  return withDomainErrors(submission, getI18n(context).t, async () => {
    await updateOwnProfile(app, member, submission.value);
    return { result: submission.reply(), saved: true };
  });
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("profile");
  const { options, defaults } = loaderData;
  const schema = useMemo(() => ownProfileFormSchema(loaderData.email), [loaderData.email]);
  const [form, fields] = useForm({
    id: "own-profile",
    lastResult: actionData?.result,
    defaultValue: defaults,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldRevalidate: "onInput",
  });
  // A status describes the member: in their own gender where the language has one ("Divorziata").
  const choices = (values: readonly string[], key: string, context?: string) =>
    values.map((value) => ({ value, label: t(`enums:${key}.${value}`, { context }) }));
  const chosen = new Set(defaults.interests);
  useFormToast(actionData, (reply) => ("saved" in reply ? t("saved") : null));
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <Link to={`/members/${loaderData.id}`} className="text-sm font-semibold text-primary hover:underline">
          {t("viewAsOthers")}
        </Link>
      </div>
      <section className="card p-5 sm:p-6" aria-labelledby="photos-title">
        <h2 id="photos-title" className="mb-4 text-lg font-bold">
          {t("photos")}
        </h2>
        <PhotoManager initial={loaderData.photos} paid={loaderData.paid} />
      </section>
      <Form method="post" className="space-y-6" {...getFormProps(form)}>
        <section className="card grid gap-4 p-5 sm:grid-cols-2 sm:p-6" aria-labelledby="basics-title">
          <h2 id="basics-title" className="text-lg font-bold sm:col-span-2">
            {t("basics")}
          </h2>
          <InputField meta={fields.name} label={t("accounts:fields.name")} autoComplete="nickname" />
          <SelectField
            meta={fields.sexuality}
            label={t("members:facts.sexuality")}
            options={choices(options.sexualities, "sexuality")}
            placeholder={t("notSaying")}
          />
          <SelectField
            meta={fields.gender}
            label={t("accounts:signup.iAm")}
            options={choices(options.genders, "gender")}
          />
          <SelectField
            meta={fields.seeking}
            label={t("accounts:signup.seeking")}
            options={choices(options.genders, "gender")}
          />
          <div className="sm:col-span-2">
            <LocationFields
              country={fields.country}
              region={fields.region}
              countries={options.countries}
              regions={options.regions}
            />
          </div>
        </section>
        <section className="card grid gap-4 p-5 sm:grid-cols-2 sm:p-6" aria-labelledby="looks-title">
          <h2 id="looks-title" className="text-lg font-bold sm:col-span-2">
            {t("looks")}
          </h2>
          <SelectField
            meta={fields.hair_colour}
            label={t("members:facts.hairColour")}
            options={choices(options.hairColours, "hairColour")}
            placeholder={t("notSaying")}
          />
          <SelectField
            meta={fields.eye_colour}
            label={t("members:facts.eyeColour")}
            options={choices(options.eyeColours, "eyeColour")}
            placeholder={t("notSaying")}
          />
          <SelectField
            meta={fields.body_type}
            label={t("members:facts.bodyType")}
            options={choices(options.bodyTypes, "bodyType")}
            placeholder={t("notSaying")}
          />
          <InputField meta={fields.height_cm} label={t("height")} type="number" min="120" max="230" />
          <SelectField
            meta={fields.tattoos}
            label={t("members:facts.tattoos")}
            options={[
              { value: "yes", label: t("members:yes") },
              { value: "no", label: t("members:no") },
            ]}
            placeholder={t("notSaying")}
          />
          <SelectField
            meta={fields.relationship_status}
            label={t("members:facts.relationshipStatus")}
            options={choices(options.relationshipStatuses, "relationshipStatus", defaults.gender)}
            placeholder={t("notSaying")}
          />
        </section>
        <section className="card space-y-4 p-5 sm:p-6" aria-labelledby="about-title">
          <h2 id="about-title" className="text-lg font-bold">
            {t("aboutTitle")}
          </h2>
          <TextareaField meta={fields.about} label={t("about")} rows={5} maxLength={2000} />
          <fieldset>
            <legend className="field-label">{t("interests", { max: MAX_INTERESTS })}</legend>
            <InterestChoices options={options.interests} chosen={chosen} />
            <ErrorList id={fields.interests.errorId} errors={fields.interests.errors} />
          </fieldset>
        </section>
        <ErrorList id={form.errorId} errors={form.errors} />
        {actionData && "saved" in actionData && <FormMessage tone="success">{t("saved")}</FormMessage>}
        <SubmitButton className="btn-primary w-full sm:w-auto">{t("save")}</SubmitButton>
      </Form>
      {loaderData.gifts.length > 0 && (
        <section className="card p-5 sm:p-6" aria-labelledby="gifts-title">
          <h2 id="gifts-title" className="mb-3 text-lg font-bold">
            {t("giftsReceived")}
          </h2>
          <ul className="flex flex-wrap gap-3">
            {loaderData.gifts.map((gift) => (
              <li key={`${gift.from}-${gift.at}`}>
                <Link
                  to={`/members/${gift.from}`}
                  className="flex flex-col items-center gap-1 text-xs"
                  title={t(`members:gifts.${gift.slug}`)}
                >
                  <GiftIcon icon={gift.icon} className="size-8 text-primary" />
                  <span className="sr-only">{t(`members:gifts.${gift.slug}`)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
