// The drawing of a weekly chart, by ECharts: the one module that imports it, loaded lazily by
// WeeklyChart.tsx so that echarts lands in a chunk of its own (« WeeklyEChart-*.js », which
// e2e/js-budgets.spec.ts measures apart) and no screen waits for it to show its figures.
// Only what the chart uses is registered (TOOLCHAIN.md): through `echarts/core` and
// echarts-for-react's `esm/core`, not the packages' full builds. echarts 5.6 rather than 6: the
// same chart weighs 15 kB gzip less with it, and it uses nothing 6 added. The tooltip is
// React's (WeekTooltip.tsx), the legend the page's (ChartLegend.tsx), the objectives dashed
// line series (weeklyOption.ts): ECharts' tooltip, legend and markLine would put the chunk
// over its 160 kB budget (docs/web-budgets.md).
import { useCallback, useMemo, useState } from "react";
import Box from "@mui/material/Box";
import ReactEChartsCore from "echarts-for-react/esm/core";
import { dispose, getInstanceByDom, init, use as register } from "echarts/core";
// The type echarts-for-react names (type only: nothing of the full build is bundled).
import type { EChartsType } from "echarts";
import { BarChart, LineChart } from "echarts/charts";
import { AriaComponent, GridComponent } from "echarts/components";
import { SVGRenderer } from "echarts/renderers";
import { weekSummary } from "./weeklyModel";
import { GRID_TOP, weeklyOption, type WeeklyOptionInput } from "./weeklyOption";
import { WeekTooltip, type Pointer } from "./WeekTooltip";

register([LineChart, BarChart, GridComponent, AriaComponent, SVGRenderer]);

// What echarts-for-react calls, and nothing more: handing it the namespace (`import * as
// echarts`) would keep every export of echarts/core in the chunk (~6 kB gzip).
const echarts = { init, getInstanceByDom, dispose };

export type WeeklyEChartProps = WeeklyOptionInput & { height: number };

export default function WeeklyEChart({ description, weeks, series, kind, hidden, reducedMotion, height }: WeeklyEChartProps) {
  const option = useMemo(
    () => weeklyOption({ description, weeks, series, kind, hidden, reducedMotion }),
    [description, weeks, series, kind, hidden, reducedMotion],
  );
  const [pointer, setPointer] = useState<Pointer | null>(null);
  const [plotBottom, setPlotBottom] = useState(0);
  const [chartWidth, setChartWidth] = useState(0);
  const count = weeks.length;

  // The week under the pointer or the finger (zrender reports touches as mouse moves), from
  // the grid's coordinates; nothing outside the grid.
  const onChartReady = useCallback(
    (chart: EChartsType) => {
      const zr = chart.getZr();
      zr.on("mousemove", (e) => {
        const at = [e.offsetX, e.offsetY];
        if (!chart.containPixel("grid", at)) {
          setPointer(null);
          return;
        }
        const [index] = chart.convertFromPixel("grid", at) as number[];
        const week = Math.min(Math.max(Math.round(index), 0), count - 1);
        const [x, y0] = chart.convertToPixel("grid", [week, 0]) as number[];
        setPlotBottom(chart.getHeight() - y0);
        setChartWidth(chart.getWidth());
        setPointer({ week, x, side: x < chart.getWidth() / 2 ? "right" : "left" });
      });
      zr.on("globalout", () => setPointer(null));
    },
    [count],
  );

  return (
    <Box sx={{ position: "relative", height }} onPointerLeave={() => setPointer(null)}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        // A series switched off by the legend leaves the option: replace it whole, not merged
        // (a merge would keep the series that is no longer there).
        notMerge
        opts={{ renderer: "svg" }}
        onChartReady={onChartReady}
        // With role="img", the description is the picture's name for screen readers (a plain
        // div may not carry one). ECharts writes the same description into aria-label, but only
        // once it has drawn (it waits for the container's size): given here too, the picture is
        // never unnamed in between (axe, run in that moment, reported role-img-alt).
        role="img"
        aria-label={description}
        data-testid="weekly-echart"
        style={{ height, width: "100%" }}
      />
      {pointer && pointer.week < count && <WeekTooltip pointer={pointer} summary={weekSummary(weeks, series, hidden, pointer.week)} top={GRID_TOP} bottom={plotBottom} width={chartWidth} />}
    </Box>
  );
}
