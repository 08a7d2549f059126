import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, render, screen } from "@testing-library/react";
import { debounce, useViewport, viewportFor, ViewportProvider } from "./viewport";

describe("viewportFor", () => {
  it("uses the product's breakpoints", () => {
    expect(viewportFor(375)).toMatchObject({ isMobile: true, isTablet: false, isDesktop: false });
    expect(viewportFor(768)).toMatchObject({ isMobile: true, isTablet: false });
    expect(viewportFor(769)).toMatchObject({ isMobile: false, isTablet: true, isDesktop: false });
    expect(viewportFor(1000)).toMatchObject({ isMobile: false, isTablet: true, isDesktop: true });
    expect(viewportFor(1280)).toMatchObject({ isMobile: false, isTablet: false, isDesktop: true });
  });
});

describe("resize handling", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function Width() {
    const { width, isMobile } = useViewport();
    return <p>{`${width} ${isMobile ? "mobile" : "large"}`}</p>;
  }

  it("is debounced by 500 ms", () => {
    window.innerWidth = 1280;
    render(
      <ViewportProvider>
        <Width />
      </ViewportProvider>,
    );
    expect(screen.getByText("1280 large")).toBeTruthy();
    act(() => {
      window.innerWidth = 900;
      window.dispatchEvent(new Event("resize"));
      vi.advanceTimersByTime(300);
      window.innerWidth = 375;
      window.dispatchEvent(new Event("resize"));
      vi.advanceTimersByTime(499);
    });
    expect(screen.getByText("1280 large")).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByText("375 mobile")).toBeTruthy();
  });

  it("debounce calls once with the last arguments", () => {
    const fn = vi.fn();
    const d = debounce(fn, 500);
    d(1);
    d(2);
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith(2);
  });
});
