// A D1 binding that fails on purpose (for fault injection): the next
// `times` batches, writes or statements of any kind ("any") throw, either before D1 runs them or after it
// committed them (the answer lost on the way back).
export interface Fault {
  on: "batch" | "write" | "any";
  when: "before" | "after";
  times: number;
}

const WRITE = /^\s*(insert|update|delete|replace)\b/i;

export function faultyD1(real: D1Database, fault: Fault): D1Database {
  const originals = new WeakMap<object, D1PreparedStatement>();
  const fire = () => fault.times > 0 && fault.times-- > 0;
  const injected = () => new Error(`D1_ERROR: injected fault (${fault.on}, ${fault.when})`);

  const statement = (target: D1PreparedStatement, query: string): D1PreparedStatement => {
    const proxy = new Proxy(target, {
      get(stmt, prop) {
        if (prop === "bind") return (...values: unknown[]) => statement(stmt.bind(...values), query);
        const value = Reflect.get(stmt, prop) as unknown;
        if (typeof value !== "function") return value;
        const hit = fault.on === "any" || (fault.on === "write" && WRITE.test(query));
        if (hit && ["run", "all", "raw", "first"].includes(String(prop))) {
          return async (...args: unknown[]) => {
            if (fault.when === "before" && fire()) throw injected();
            const result: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(stmt, args);
            if (fault.when === "after" && fire()) throw injected();
            return result;
          };
        }
        return (value as (...a: unknown[]) => unknown).bind(stmt);
      },
    });
    originals.set(proxy, target);
    return proxy;
  };

  return new Proxy(real, {
    get(db, prop) {
      if (prop === "prepare") return (query: string) => statement(db.prepare(query), query);
      if (prop === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          if ((fault.on === "batch" || fault.on === "any") && fault.when === "before" && fire()) throw injected();
          const result = await db.batch(statements.map((s) => originals.get(s) ?? s));
          if ((fault.on === "batch" || fault.on === "any") && fault.when === "after" && fire()) throw injected();
          return result;
        };
      }
      const value = Reflect.get(db, prop) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(db) : value;
    },
  });
}
