// Failed requests are retried up to 5 times with exponential delay
// (0.5 s, 1 s, 2 s, 4 s, 8 s). Only failures that may pass are retried: the
// network, 429 and 5xx; a 4xx answer is final.
const API_RETRIES = 5;
const FIRST_DELAY_MS = 500;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

export type RetryOptions = { retries?: number; firstDelayMs?: number };

export async function fetchWithRetry(
  input: string,
  init: RequestInit = {},
  options: RetryOptions = {},
): Promise<Response> {
  const retries = options.retries ?? API_RETRIES;
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(input, init);
      if (response.ok || (response.status < 500 && response.status !== 429) || attempt >= retries) return response;
    } catch (error) {
      if (init.signal?.aborted || attempt >= retries) throw error;
    }
    await sleep((options.firstDelayMs ?? FIRST_DELAY_MS) * 2 ** attempt, init.signal ?? undefined);
  }
}

/** The header that marks our own calls to /api/user.php. */
export const clientHeaders = { "X-Requested-With": "XMLHttpRequest" } as const;
