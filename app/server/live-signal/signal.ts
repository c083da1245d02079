// The member's live signal from the server's side: after something a member
// sees has changed (a message delivered, a like given), their open pages are
// told to load their data again (workers/durable-objects/member-signal.ts).
// It runs in the background: it never delays nor fails what caused it, and a
// signal that does not arrive is only logged, as pages also refresh on a timer.
import type { SignalChange } from "#app/schemas/live-signal.ts";
import { errorFields, type Logger } from "#app/server/log.ts";

export function memberSignalStub(env: Env, memberId: number) {
  return env.MEMBER_SIGNAL.get(env.MEMBER_SIGNAL.idFromName(`member:${memberId}`));
}

/** Tells each member's open pages that something of theirs changed; the promise never rejects. */
export function signalMembers(
  app: { env: Env; log: Logger; ctx?: Pick<ExecutionContext, "waitUntil"> },
  memberIds: readonly number[],
  what: SignalChange,
) {
  const running = Promise.all(
    [...new Set(memberIds)].map((memberId) =>
      memberSignalStub(app.env, memberId)
        .changed(what)
        .catch((error: unknown) => app.log.warn("live signal not sent", { memberId, what, ...errorFields(error) })),
    ),
  ).then(() => undefined);
  app.ctx?.waitUntil(running);
  return running;
}
