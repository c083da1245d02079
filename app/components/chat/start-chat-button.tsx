// The way into the chat with a member from their profile and from a match: a
// post to /members/{id}/chat, which opens the conversation, or starts it when
// the member may (a GET there only looks, since any site can link to it).
import type { ReactNode } from "react";
import { Form } from "react-router";

export function StartChatButton({
  memberId,
  className,
  children,
  ...rest
}: {
  memberId: number;
  className: string;
  children: ReactNode;
  "data-keep-open"?: boolean;
  "data-testid"?: string;
}) {
  return (
    <Form method="post" action={`/members/${memberId}/chat`} className="contents">
      <button type="submit" className={className} {...rest}>
        {children}
      </button>
    </Form>
  );
}
