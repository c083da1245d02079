// The member as /api/user.php answers, in the field names the existing clients expect.
import type { NotificationPreferences } from "./account-settings.ts";
import type { SessionMember } from "./session.ts";

export function userJson(member: SessionMember, preferences: NotificationPreferences) {
  const disabled = Object.entries(preferences)
    .filter(([, choice]) => !choice.email)
    .map(([type]) => type);
  return {
    id: member.id,
    status: member.status,
    credits: member.credits,
    paid_user: member.paidUser,
    language: member.language,
    email: member.email,
    signup_date: new Date(member.signupDate).toISOString(),
    invisible: member.invisible,
    notifications_disabled: disabled,
    email_notifications_disabled_reason: member.emailDisabledReason,
    profile: {
      id: member.id,
      name: member.profile.name,
      country: member.profile.country,
      gender: member.profile.gender,
      // Orientation is the member's to say: absent until they set it.
      ...(member.profile.sexuality ? { sexuality: member.profile.sexuality } : {}),
      date_of_birth: member.profile.dateOfBirth,
      status: member.profile.status,
      main_image: member.profile.mainImage && {
        filename: member.profile.mainImage.filename,
        thumb_filename: member.profile.mainImage.thumbFilename,
        status: member.profile.mainImage.status,
      },
    },
  };
}
