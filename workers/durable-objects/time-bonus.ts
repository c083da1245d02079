// One TimeBonus per member: holds the time-bonus window and clears it with an
// alarm at expiry, so no cron or client clock decides it.
import { DurableObject } from "cloudflare:workers";

export interface TimeBonusState {
  code: string;
  expiresAt: number;
}

export class TimeBonus extends DurableObject<Env> {
  async get(now: number): Promise<TimeBonusState | null> {
    const state = await this.ctx.storage.get<TimeBonusState>("state");
    return state && state.expiresAt > now ? state : null;
  }

  async start(state: TimeBonusState): Promise<TimeBonusState> {
    const current = await this.ctx.storage.get<TimeBonusState>("state");
    if (current) return current;
    await this.ctx.storage.put("state", state);
    await this.ctx.storage.setAlarm(state.expiresAt);
    return state;
  }

  async clear(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }

  override async alarm() {
    await this.ctx.storage.delete("state");
  }
}
