// What a paid message waits on before its sender hears "sent": the chat
// benchmark counts it here, in local builds only, by wrapping the bindings the
// Worker and every Durable Object are given, so nothing on the send path has to
// remember to report. A call is counted where it is made (a D1 round trip, a
// call to another Durable Object's stub, a rate-limit check), and the room's
// send (see CountedConversationRoom) tells apart what came before its answer
// from what came behind it, through the async context the call was made in.
// Counting by binding rather than by named step keeps the figures right when
// the send path changes: a member's wallet called before the answer shows up
// as one more call to another Durable Object, a D1 batch dropped from it as one
// round trip fewer, with no edit here. Only a Worker started with BENCH_CALLS=1
// (the benchmark's server) wraps anything; tests and `npm start` get the
// bindings as they are.
import { AsyncLocalStorage } from "node:async_hooks";

export interface CallCounts {
  /** D1 round trips: a statement run, a batch, an exec. */
  d1: number;
  d1RowsRead: number;
  d1RowsWritten: number;
  /** Calls on a stub of a Durable Object (RPC methods and fetch). */
  objects: number;
  /** Rate-limit checks: a Durable Object in the local emulation, a counter beside the Worker in production. */
  rateLimits: number;
}

const zero = (): CallCounts => ({ d1: 0, d1RowsRead: 0, d1RowsWritten: 0, objects: 0, rateLimits: 0 });

/** Every call since the isolate started, by any Worker request or Durable Object. */
export const allCalls: CallCounts = zero();

/** One send's calls: before its answer, and behind it (work it started that goes on after). */
export interface SendCalls {
  before: CallCounts;
  behind: CallCounts;
  answered: boolean;
}

export const sendCalls = new AsyncLocalStorage<SendCalls>();

export const newSendCalls = (): SendCalls => ({ before: zero(), behind: zero(), answered: false });

function count(kind: keyof CallCounts, n = 1) {
  allCalls[kind] += n;
  const send = sendCalls.getStore();
  if (send) (send.answered ? send.behind : send.before)[kind] += n;
}

function countMeta(meta: { rows_read?: number; rows_written?: number } | undefined) {
  count("d1RowsRead", meta?.rows_read ?? 0);
  count("d1RowsWritten", meta?.rows_written ?? 0);
}

const unwrapped = new WeakMap<object, object>();

function countedStatement(statement: D1PreparedStatement): D1PreparedStatement {
  const wrapped = new Proxy(statement, {
    get(target, prop) {
      if (prop === "bind") return (...values: unknown[]) => countedStatement(target.bind(...values));
      if (prop === "run" || prop === "all") {
        return async (...args: unknown[]) => {
          count("d1");
          const result = (await (target[prop] as (...a: unknown[]) => Promise<D1Result>).apply(target, args)) ?? {};
          countMeta(result.meta);
          return result;
        };
      }
      // No meta comes back from these: the round trip counts, its rows do not.
      if (prop === "first" || prop === "raw") {
        return (...args: unknown[]) => {
          count("d1");
          return (target[prop] as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  unwrapped.set(wrapped, statement);
  return wrapped;
}

function countedD1(db: D1Database): D1Database {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (query: string) => countedStatement(target.prepare(query));
      if (prop === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          count("d1");
          const results = await target.batch(
            statements.map((s) => (unwrapped.get(s) as D1PreparedStatement | undefined) ?? s),
          );
          for (const result of results) countMeta(result.meta);
          return results;
        };
      }
      if (prop === "exec") {
        return (query: string) => {
          count("d1");
          return target.exec(query);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function countedStub<T extends object>(stub: T): T {
  return new Proxy(stub, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      // `then` must stay what it is (a stub is not a promise); `id` and `name` are plain values.
      if (typeof prop === "symbol" || prop === "then" || typeof value !== "function") return value;
      return (...args: unknown[]) => {
        count("objects");
        // Reflect.apply: a stub's method is itself a stub, on which `.apply` would be a call to a method "apply".
        return Reflect.apply(value as (...a: unknown[]) => unknown, target, args);
      };
    },
  });
}

function countedNamespace(namespace: DurableObjectNamespace): DurableObjectNamespace {
  return new Proxy(namespace, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (prop === "get" || prop === "getByName")
        return (...args: unknown[]) => countedStub((value as (...a: unknown[]) => object).apply(target, args));
      return value.bind(target);
    },
  });
}

function countedRateLimit(binding: RateLimit): RateLimit {
  return {
    limit: (options) => {
      count("rateLimits");
      return binding.limit(options);
    },
  };
}

/** A binding, counted when it is one of the kinds above; by the runtime's class name, since RPC stubs answer any property. */
function counted(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  const kind = Object.getPrototypeOf(value)?.constructor?.name;
  if (kind === "D1Database") return countedD1(value as D1Database);
  if (kind === "DurableObjectNamespace") return countedNamespace(value as DurableObjectNamespace);
  if (kind === "Ratelimit" || kind === "RateLimit") return countedRateLimit(value as RateLimit);
  return value;
}

const countedEnvs = new WeakMap<object, object>();

/** The same bindings, counted (once per env object, so caches keyed on a binding keep working). */
export function countedEnv<E extends object>(env: E): E {
  if ((env as { BENCH_CALLS?: string }).BENCH_CALLS !== "1") return env;
  let wrapped = countedEnvs.get(env) as E | undefined;
  if (!wrapped) {
    const bindings = new Map<PropertyKey, unknown>();
    wrapped = new Proxy(env, {
      get(target, prop) {
        if (!bindings.has(prop)) bindings.set(prop, counted(Reflect.get(target, prop, target)));
        return bindings.get(prop);
      },
    });
    countedEnvs.set(env, wrapped);
  }
  return wrapped;
}
