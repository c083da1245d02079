// The box on a member's page where a visitor writes to that member: a heading,
// a line of introduction and the signup form, which carries the first message
// to the member along. Each page gives it its own look and words.
import type { ReactNode } from "react";
import { SignupForm, type SignupFormProps } from "./signup-form.tsx";

export function WriteToMember({
  memberId,
  limits,
  titleId,
  title,
  intro,
  className,
  titleClassName = "text-xl font-bold",
  introClassName = "mt-1 mb-4 text-sm text-muted",
}: {
  memberId: number;
  limits: Pick<SignupFormProps, "minimumAge" | "maxBirthDate">;
  titleId: string;
  title: ReactNode;
  intro: ReactNode;
  className: string;
  titleClassName?: string;
  introClassName?: string;
}) {
  return (
    <section className={className} aria-labelledby={titleId}>
      <h2 id={titleId} className={titleClassName}>
        {title}
      </h2>
      <p className={introClassName}>{intro}</p>
      <SignupForm
        minimumAge={limits.minimumAge}
        maxBirthDate={limits.maxBirthDate}
        targetMemberId={memberId}
        withMessage
      />
    </section>
  );
}
