import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { series, weeks } from "../../test/charts";
import WeeklyEChart from "./WeeklyEChart";

describe("the chart's picture", () => {
  // jsdom gives the container no size, so ECharts never draws here: the state of a real page
  // between the chart's mount and its first drawing, when axe found the picture unnamed.
  it("is named by its description from the moment it is on the page, before ECharts has drawn", () => {
    render(<WeeklyEChart description="Vos semaines face à vos objectifs." weeks={weeks} series={series} kind="line" hidden={new Set()} reducedMotion height={240} />);
    expect(screen.getByRole("img", { name: "Vos semaines face à vos objectifs." }).getAttribute("data-testid")).toBe("weekly-echart");
  });
});
