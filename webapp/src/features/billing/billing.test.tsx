import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { UserStatus } from "../../gen/tremplin/common/v1/common_pb";
import { trialIsOver } from "./access";
import PaymentSuccessPage from "./PaymentSuccessPage";

describe("trialIsOver", () => {
  const now = new Date("2026-11-01T10:00:00Z");
  const base = { isB2c: true, hasPremiumAccess: false, hasPaid: false, status: UserStatus.IN_TRIAL_PERIOD };
  it("is true for a B2C candidate without access once the trial ended", () => {
    expect(trialIsOver({ ...base, status: UserStatus.WITHOUT_LICENSE_AFTER_TRIAL_PERIOD }, now)).toBe(true);
    expect(trialIsOver({ ...base, trialEndDate: timestampFromDate(new Date("2026-10-31T10:00:00Z")) }, now)).toBe(true);
  });
  it("is false while premium access lasts, once paid, or for B2B candidates", () => {
    expect(trialIsOver({ ...base, hasPremiumAccess: true, trialEndDate: timestampFromDate(new Date("2026-11-10")) }, now)).toBe(false);
    expect(trialIsOver({ ...base, hasPaid: true, status: UserStatus.WITHOUT_LICENSE_AFTER_TRIAL_PERIOD }, now)).toBe(false);
    expect(trialIsOver({ ...base, isB2c: false, status: UserStatus.WITH_EXPIRED_LICENSE }, now)).toBe(false);
  });
});

describe("payment success page", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const renderPage = () =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={["/success"]}>
          <Routes>
            <Route path="/success" element={<PaymentSuccessPage />} />
            <Route path="/" element={<p>accueil</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );

  it("counts down 5 seconds, then goes to the home page", () => {
    renderPage();
    expect(screen.getByRole("timer").textContent).toBe("Vous allez être redirigé vers l'accueil dans 5\u00a0secondes.");
    for (let i = 0; i < 4; i++) act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole("timer").textContent).toBe("Vous allez être redirigé vers l'accueil dans 1\u00a0seconde.");
    expect(screen.queryByText("accueil")).toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText("accueil")).toBeTruthy();
  });
});

describe("payment success page, for screen readers", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("announces the redirection once; the ticking timer is not live", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={["/success"]}>
          <PaymentSuccessPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const status = screen.getByRole("status");
    expect(status.textContent).toBe("Vous allez être redirigé vers l'accueil dans 5\u00a0secondes.");
    expect(screen.getByRole("timer").getAttribute("aria-live")).toBe("off");
    for (let i = 0; i < 2; i++) act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole("timer").textContent).toMatch(/dans 3/);
    expect(status.textContent).toBe("Vous allez être redirigé vers l'accueil dans 5\u00a0secondes.");
  });
});
