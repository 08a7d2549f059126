import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { BAND_COLORS, DOUGHNUT_COLORS, DoughnutChartView, GaugeChartView } from "./charts";
import { gaugeModel } from "./gauge";

const scale = (value: number, low: number, medium: number, high: number) => {
  const model = gaugeModel(value, { low, medium, high });
  if (model.kind !== "scale") throw new Error("expected a scale");
  return model;
};

/** The needle's tip, relative to the gauge's centre (y upwards). */
function needleTip(container: HTMLElement) {
  const line = container.querySelector("line")!;
  const n = (a: string) => Number(line.getAttribute(a));
  return { dx: n("x2") - n("x1"), dy: n("y1") - n("y2") };
}

describe("the gauge drawing", () => {
  it("draws the three bands in their colours, hidden from screen readers", () => {
    const { container } = render(<GaugeChartView model={scale(3, 5, 10, 15)} />);
    const chart = container.querySelector('[data-testid="gauge-chart"]')!;
    expect(chart.getAttribute("aria-hidden")).toBe("true");
    expect(chart.getAttribute("data-needle")).toBe("3");
    expect(chart.getAttribute("data-max")).toBe("15");
    expect([...container.querySelectorAll("path")].map((p) => p.getAttribute("stroke"))).toEqual([
      BAND_COLORS.low,
      BAND_COLORS.medium,
      BAND_COLORS.high,
    ]);
  });

  it("points the needle left and down at zero, right and down at the top of the scale, up half-way", () => {
    const zero = needleTip(render(<GaugeChartView model={scale(0, 5, 10, 20)} />).container);
    expect(zero.dx).toBeLessThan(0);
    expect(zero.dy).toBeLessThan(0);
    const top = needleTip(render(<GaugeChartView model={scale(40, 5, 10, 20)} />).container);
    expect(top.dx).toBeGreaterThan(0);
    expect(top.dy).toBeLessThan(0);
    const half = needleTip(render(<GaugeChartView model={scale(10, 5, 10, 20)} />).container);
    expect(Math.abs(half.dx)).toBeLessThan(0.5);
    expect(half.dy).toBeGreaterThan(0);
  });

  it("leaves out a band of zero width", () => {
    const { container } = render(<GaugeChartView model={scale(1, 0, 0, 1)} />);
    expect([...container.querySelectorAll("path")].map((p) => p.getAttribute("stroke"))).toEqual([BAND_COLORS.high]);
  });
});

describe("the doughnut drawing", () => {
  it("draws one sector per non-empty part", () => {
    const fills = (completed: number, notStarted: number) =>
      [...render(<DoughnutChartView completed={completed} notStarted={notStarted} />).container.querySelectorAll("path")].map((p) =>
        p.getAttribute("fill"),
      );
    expect(fills(2, 10)).toEqual([DOUGHNUT_COLORS.completed, DOUGHNUT_COLORS.notStarted]);
    expect(fills(0, 4)).toEqual([DOUGHNUT_COLORS.notStarted]);
    expect(fills(3, 0)).toEqual([DOUGHNUT_COLORS.completed]);
  });
});
