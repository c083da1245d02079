// The Worker entry of local builds (dev, tests, DEV_ROUTES=1): the production
// entry plus the chat benchmark's baseline relay, which production never has.
// Under the benchmark's server (BENCH_CALLS=1) every binding the Worker and the
// Durable Objects are handed is counted (bench-calls.ts); elsewhere these
// classes are the production ones with nothing added.

import { createLogger } from "#app/server/log.ts";
import production from "./app.ts";
import { allCalls, countedEnv, newSendCalls, sendCalls } from "./bench-calls.ts";
import { ConversationRoom as Room } from "./durable-objects/conversation-room.ts";
import { MemberSignal as Signal } from "./durable-objects/member-signal.ts";
import { MemberWallet as Wallet } from "./durable-objects/member-wallet.ts";
import { TimeBonus as Bonus } from "./durable-objects/time-bonus.ts";

export * from "./app.ts";
export { EchoRoom } from "./durable-objects/echo-room.ts";

export default {
  fetch: (request, env, ctx) => production.fetch(request, countedEnv(env), ctx),
  scheduled: (controller, env, ctx) => production.scheduled(controller, countedEnv(env), ctx),
} satisfies ExportedHandler<Env>;

// biome-ignore lint/suspicious/noExplicitAny: a mixin's constructor takes what its base takes.
type ObjectClass = abstract new (...args: any[]) => object;
function counted<T extends ObjectClass>(Base: T) {
  abstract class Counted extends Base {
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    constructor(...args: any[]) {
      super(args[0], countedEnv(args[1] as Env));
    }
  }
  return Counted;
}

export class MemberSignal extends counted(Signal) {}
export class MemberWallet extends counted(Wallet) {}
export class TimeBonus extends counted(Bonus) {}

/** The room: a send's calls before its answer, logged as it answers; the whole isolate's tally on request. */
export class ConversationRoom extends counted(Room) {
  override async send(...args: Parameters<Room["send"]>) {
    if ((this.env as { BENCH_CALLS?: string }).BENCH_CALLS !== "1") return super.send(...args);
    const calls = newSendCalls();
    const frame = await sendCalls.run(calls, () => super.send(...args));
    // What happens from here on in this send's context (the summary, notifications) is behind the answer.
    calls.answered = true;
    if (frame.type === "sent" && frame.credits !== null)
      createLogger(`room:${args[0].conversationId}`).info("message calls", { ...calls.before });
    return frame;
  }

  override async fetch(request: Request) {
    if ((this.env as { BENCH_CALLS?: string }).BENCH_CALLS === "1" && request.headers.has("X-Bench-Calls"))
      return Response.json(allCalls);
    return super.fetch(request);
  }
}
