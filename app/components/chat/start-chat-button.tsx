// The way into the chat with a member from their profile and from a match: a
// post to /members/{id}/chat, which opens the conversation, or starts it when
// the member may (a GET there only looks, since any site can link to it).
// With `unavailable` (a fictional profile nobody answers right now) the
// button is off and the reason stands beside it.
import { type ReactNode, useId } from "react";
import { Form } from "react-router";

export function StartChatButton({
  memberId,
  className,
  children,
  unavailable,
  ...rest
}: {
  memberId: number;
  className: string;
  children: ReactNode;
  unavailable?: string | null;
  "data-keep-open"?: boolean;
  "data-testid"?: string;
}) {
  const reason = useId();
  if (unavailable) {
    return (
      <span className="contents">
        <button type="button" className={className} disabled aria-describedby={reason} {...rest}>
          {children}
        </button>
        <span id={reason} className="basis-full text-sm text-muted" data-testid="chat-unavailable">
          {unavailable}
        </span>
      </span>
    );
  }
  return (
    <Form method="post" action={`/members/${memberId}/chat`} className="contents">
      <button type="submit" className={className} {...rest}>
        {children}
      </button>
    </Form>
  );
}
