// @vitest-environment happy-dom
// The toast: at most 350 px wide, read out (status, or alert for a failure),
// closed by its button, gone by itself after a while unless the member is
// pointing at or focused on it.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Toast } from "#app/components/layout/toast.tsx";
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
});

function show(tone?: "danger" | "success" | "info") {
  const onDismiss = vi.fn();
  render(
    <I18nextProvider i18n={i18next}>
      <Toast tone={tone} onDismiss={onDismiss} duration={5000}>
        Opgeslagen
      </Toast>
    </I18nextProvider>,
  );
  return onDismiss;
}

describe("toast", () => {
  it("is a status message of at most 350 px, and an alert for a failure", () => {
    show("success");
    const toast = screen.getByRole("status");
    expect(toast.textContent).toContain("Opgeslagen");
    expect(toast.style.maxWidth).toBe("350px");
    expect(toast.getAttribute("aria-live")).toBe("polite");
    cleanup();
    show("danger");
    expect(screen.getByRole("alert").getAttribute("aria-live")).toBe("assertive");
  });

  it("closes with its button", () => {
    const onDismiss = show();
    fireEvent.click(screen.getByRole("button", { name: commonNl.toast.dismiss }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it("hides by itself after its time, but not while the pointer rests on it", () => {
    vi.useFakeTimers();
    const onDismiss = show();
    const toast = screen.getByRole("status");
    fireEvent.pointerEnter(toast);
    act(() => vi.advanceTimersByTime(8000));
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.pointerLeave(toast);
    act(() => vi.advanceTimersByTime(4999));
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});
