// The chart as a visitor uses it (jsdom): heading, legend toggles, the data table behind its
// button. The drawing itself (echarts) is replaced: jsdom lays nothing out, and what is drawn is
// weeklyOption's, tested apart.
import { describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { WeeklyEChartProps } from "./WeeklyEChart";
import { series, weeks } from "../../test/charts";
import { WeeklyChart } from "./WeeklyChart";

vi.mock("./WeeklyEChart", () => ({
  default: ({ hidden, description }: WeeklyEChartProps) => (
    <div data-testid="drawn" aria-label={description}>
      {[...hidden].join(",")}
    </div>
  ),
}));

function draw() {
  render(<WeeklyChart title="Vos 12 dernières semaines" description="Vos semaines face à vos objectifs." weeks={weeks} series={series} headingLevel={3} testId="chart" />);
}

describe("WeeklyChart", () => {
  it("holds the drawing's place at its height until its code has arrived, the heading and legend already there", async () => {
    draw();
    expect(screen.getByRole("heading", { level: 3, name: "Vos 12 dernières semaines" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Nouveaux contacts" })).toBeTruthy();
    expect(getComputedStyle(screen.getByTestId("chart-loading")).height).toBe("300px");
    expect((await screen.findByTestId("drawn")).getAttribute("aria-label")).toBe("Vos semaines face à vos objectifs.");
    expect(screen.queryByTestId("chart-loading")).toBeNull();
  });

  it("switches a series off and on from the legend", async () => {
    const user = userEvent.setup();
    draw();
    await screen.findByTestId("drawn");
    const contacts = screen.getByRole("button", { name: "Nouveaux contacts" });
    expect(contacts.getAttribute("aria-pressed")).toBe("true");
    await user.click(contacts);
    expect(contacts.getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByTestId("drawn").textContent).toBe("Nouveaux contacts");
    await user.click(contacts);
    expect(screen.getByTestId("drawn").textContent).toBe("");
  });

  it("shows the same figures as a table, by keyboard, a row per week and a column per series", async () => {
    const user = userEvent.setup();
    draw();
    const toggle = screen.getByRole("button", { name: "Voir les données" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("table")).toBeNull();
    toggle.focus();
    await user.keyboard("{Enter}");
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(toggle.textContent).toBe("Masquer les données");
    const table = screen.getByRole("table", { name: "Vos semaines face à vos objectifs." });
    expect(document.getElementById(toggle.getAttribute("aria-controls") ?? "")?.contains(table)).toBe(true);
    const rows = within(table).getAllByRole("row").map((r) => [...r.querySelectorAll("th, td")].map((c) => c.textContent));
    expect(rows).toEqual([
      ["Semaine", "Tâches terminées", "Nouveaux contacts (objectif\u00a0: 5)"],
      ["Semaine du 16 nov.", "4", "1"],
      ["Semaine du 23 nov.", "6", "3"],
    ]);
    await user.keyboard(" ");
    expect(screen.queryByRole("table")).toBeNull();
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
  });
});
