// Members shown without a search of one's own: the home page's teaser for
// visitors, and the matches a new member sees as the last step of signup. Both
// in people-first order (people-first.ts): faces first.
import type { RequestContext } from "#app/context.ts";
import type { SessionMember } from "#app/server/accounts/session.ts";
import { ageOn } from "./age.ts";
import { AGE_FIT_YEARS } from "./people-first.ts";
import { MAX_AGE, MIN_AGE, type SearchScope, searchAsVisitor, searchMembers, searchQuerySchema } from "./search.ts";

const TEASER_SIZE = 8;
const MATCHES_SIZE = 12;

/** The home page's teaser: members of the visitor's country where the domain serves it, else of any. */
export async function homeTeaser(app: Omit<SearchScope, "viewer"> & Pick<RequestContext, "country">) {
  const country = app.settings.countries.includes(app.country) ? app.country : undefined;
  const { members } = await searchAsVisitor(app, searchQuerySchema.parse({ country }));
  return members.slice(0, TEASER_SIZE);
}

/** After signup: members of the gender the new member seeks, in their country, of a fitting age; their region first. */
export async function signupMatches(app: Omit<SearchScope, "viewer">, member: Pick<SessionMember, "id" | "profile">) {
  const age = ageOn(member.profile.dateOfBirth, app.now());
  const { members } = await searchMembers(
    { ...app, viewer: member },
    searchQuerySchema.parse({
      gender: member.profile.seeking,
      country: member.profile.country,
      min_age: String(Math.max(MIN_AGE, age - AGE_FIT_YEARS)),
      max_age: String(Math.min(MAX_AGE, age + AGE_FIT_YEARS)),
    }),
  );
  return members.slice(0, MATCHES_SIZE);
}
