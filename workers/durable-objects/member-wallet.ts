// One MemberWallet per member: where their credits will live once the product
// moves them out of D1 (docs/money-model.md). The object is only the door:
// each method checks its input, then runs one rule of app/server/credits/wallet.ts
// in one synchronous transaction. Nothing awaits between reading the balance
// and writing it, so calls that arrive together are decided one after the
// other, and the runtime holds each answer until its write is durable: an
// answer the caller receives is a movement that survives a restart.
//
// A refused movement is an answer (insufficient, already, void); only a
// malformed call throws, and its error reaches the caller with the message and
// the `code` invalid_input.
import { DurableObject } from "cloudflare:workers";
import {
  applyRecorded,
  balance,
  charge,
  countCharges,
  createWalletTables,
  credit,
  erase,
  giveBack,
  importLedger,
  ledgerPage,
  lookup,
  state,
  takeBack,
  voidKey,
} from "#app/server/credits/wallet.ts";
import {
  type ChargeCountQuery,
  type ChargeInput,
  type CreditInput,
  chargeCountInput,
  chargeInput,
  creditInput,
  eraseInput,
  type GiveBackInput,
  giveBackInput,
  type ImportInput,
  importInput,
  keysInput,
  type LedgerQuery,
  ledgerInput,
  parseWalletInput,
  type RecordedMovement,
  recordedInput,
  type TakeBackInput,
  takeBackInput,
  voidInput,
} from "#app/server/credits/wallet-input.ts";

export class MemberWallet extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    createWalletTables(this.sql);
  }

  /** One decision, all or nothing. */
  private decide<T>(rule: () => T): T {
    return this.ctx.storage.transactionSync(rule);
  }

  charge(input: ChargeInput) {
    const movement = parseWalletInput(chargeInput, input);
    return this.decide(() => charge(this.sql, movement));
  }

  credit(input: CreditInput) {
    const movement = parseWalletInput(creditInput, input);
    return this.decide(() => credit(this.sql, movement));
  }

  takeBack(input: TakeBackInput) {
    const movement = parseWalletInput(takeBackInput, input);
    return this.decide(() => takeBack(this.sql, movement));
  }

  giveBack(input: GiveBackInput) {
    const movement = parseWalletInput(giveBackInput, input);
    return this.decide(() => giveBack(this.sql, movement));
  }

  lookup(keys: string[]) {
    const asked = parseWalletInput(keysInput, keys);
    return this.decide(() => lookup(this.sql, asked));
  }

  voidKey(input: { key: string; now: number }) {
    const asked = parseWalletInput(voidInput, input);
    return this.decide(() => voidKey(this.sql, asked));
  }

  balance() {
    return balance(this.sql);
  }

  /** The balance and the version it belongs to. */
  state() {
    return state(this.sql);
  }

  /** Movements recorded in D1, applied in order, all in one transaction. */
  apply(rows: RecordedMovement[]) {
    const recorded = parseWalletInput(recordedInput, rows);
    return this.decide(() => applyRecorded(this.sql, recorded));
  }

  countCharges(query: ChargeCountQuery) {
    const asked = parseWalletInput(chargeCountInput, query);
    return countCharges(this.sql, asked);
  }

  ledger(query: LedgerQuery) {
    const asked = parseWalletInput(ledgerInput, query);
    return this.decide(() => ledgerPage(this.sql, asked));
  }

  erase(input: { now: number }) {
    const asked = parseWalletInput(eraseInput, input);
    return this.decide(() => erase(this.sql, asked));
  }

  import(input: ImportInput) {
    const page = parseWalletInput(importInput, input);
    return this.decide(() => importLedger(this.sql, page));
  }
}
