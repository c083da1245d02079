// Being built: a member writes to a fictional profile only where a desk is staffed, after confirming the notice.
import type { FictionalSend } from "./chat-rules.ts";

export async function assertOperatorNoticeRules(_send: FictionalSend): Promise<void> {}
