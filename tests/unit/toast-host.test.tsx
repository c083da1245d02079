// @vitest-environment happy-dom
// The one toast host: the newest outcome replaces the one on screen, a toast
// goes after the time it was given, an outcome is told once (not on every
// render), and a change that could not reach the server says so, while a
// read in the background stays quiet.
import { act, cleanup, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { useState } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { showToast, ToastHost, useToastFor } from "#app/components/layout/toast-host.tsx";
import { apiFetch } from "#app/components/runtime/api.ts";
import commonNl from "../../locales/nl/common.json";

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: "nl",
    resources: { nl: { common: commonNl } },
    interpolation: { escapeValue: false },
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const notice = vi.fn((text: string) => ({ tone: "success" as const, text }));
let redraw = () => {};
function Page() {
  const [, setCount] = useState(0);
  redraw = () => setCount((count) => count + 1);
  const [outcome] = useState("Opgeslagen");
  useToastFor(outcome, notice);
  return null;
}

function host(extra: React.ReactNode = null) {
  return render(
    <I18nextProvider i18n={i18next}>
      {extra}
      <ToastHost />
    </I18nextProvider>,
  );
}

describe("toast host", () => {
  it("shows one toast at a time: the newest replaces the one on screen", () => {
    host();
    act(() => showToast({ tone: "success", text: "Foto toegevoegd" }));
    act(() => showToast({ tone: "danger", text: "Verwijderen mislukt" }));
    const toasts = screen.getAllByTestId("toast");
    expect(toasts).toHaveLength(1);
    expect(toasts[0]!.textContent).toContain("Verwijderen mislukt");
    expect(toasts[0]!.textContent).not.toContain("Foto toegevoegd");
    expect(toasts[0]!.getAttribute("role")).toBe("alert");
  });

  it("hides a toast after the time it was given", () => {
    vi.useFakeTimers();
    host();
    act(() => showToast({ tone: "info", text: "Even geduld", duration: 2000 }));
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.queryByTestId("toast")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId("toast")).toBeNull();
  });

  it("tells an outcome once, not again when the page draws anew", () => {
    host(<Page />);
    act(() => redraw());
    act(() => redraw());
    expect(notice).toHaveBeenCalledOnce();
    expect(screen.getByTestId("toast").textContent).toContain("Opgeslagen");
  });

  it("says so when a change could not reach the server, but stays quiet for a read or a caller with its own state", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    host();
    await act(() => apiFetch("/api/photos", {}, { retries: 0 }).catch(() => null));
    await act(() => apiFetch("/api/chat.php", { method: "POST" }, { retries: 0, quiet: true }).catch(() => null));
    expect(screen.queryByTestId("toast")).toBeNull();
    await act(() => apiFetch("/api/photos/1", { method: "DELETE" }, { retries: 0 }).catch(() => null));
    expect(screen.getByRole("alert").textContent).toContain(commonNl.toast.network);
  });
});
