// A chart of figures week by week (issue 22): a heading, a legend of toggle buttons, the chart
// drawn by ECharts from a lazily loaded chunk, and a button showing the same figures as a table.
// Everything but the drawing comes with the screen: the heading, the legend and the table never
// wait for echarts, and the drawing's place is held at its final height while it loads (no
// layout shift).
import { lazy, Suspense, useCallback, useId, useState, useSyncExternalStore, type JSX, type ReactNode } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import TableChartRounded from "@mui/icons-material/TableChartRounded";
import { chartMessages as m } from "../../lib/messages/charts";
import { visuallyHidden } from "../PremiumBadge";
import { ChartBoundary } from "./ChartBoundary";
import { ChartLegend } from "./ChartLegend";
import { DataTable } from "./DataTable";
import type { ChartKind, ChartWeek, WeeklySeries } from "./types";

export type { ChartWeek, WeeklySeries } from "./types";

export type WeeklyChartProps = {
  /** The visible heading of the chart. */
  title: string;
  /** One French sentence summarising what it shows: ECharts' aria label and the table's caption. */
  description: string;
  weeks: ChartWeek[];
  series: WeeklySeries[];
  /** Default "line"; series sharing a `stack` are stacked bars. */
  kind?: ChartKind;
  /** Default 2. */
  headingLevel?: 2 | 3;
  testId?: string;
  /** A line under the heading (a streak, a note), optional. */
  summary?: ReactNode;
};

/** The drawing's height, the same for its placeholder: nothing moves when it arrives. */
export const CHART_HEIGHT = 300;

type ChartModule = typeof import("./WeeklyEChart");
let chunk: Promise<ChartModule> | undefined;

/** The chart's chunk, asked for once; a failed load is asked for again next time. */
function loadChart(): Promise<ChartModule> {
  chunk ??= import("./WeeklyEChart").catch((error: unknown) => {
    chunk = undefined;
    throw error;
  });
  return chunk;
}

/**
 * Requests the chart's chunk now: call it at a screen module's top level, so that echarts
 * downloads beside the screen's data rather than after its first render.
 */
export function preloadCharts(): void {
  // A failure here is reported where the chart is drawn (ChartBoundary), not as an unhandled rejection.
  loadChart().catch(() => undefined);
}

const LazyEChart = lazy(loadChart);

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener("change", onChange);
  return () => query?.removeEventListener("change", onChange);
}

/** The visitor asked for no animation (prefers-reduced-motion: reduce). */
function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, () => window.matchMedia?.(REDUCED_MOTION).matches ?? false, () => false);
}

export function WeeklyChart({ title, description, weeks, series, kind = "line", headingLevel = 2, testId, summary }: WeeklyChartProps): JSX.Element {
  const id = useId();
  const titleId = `${id}-title`;
  const tableId = `${id}-table`;
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [tableOpen, setTableOpen] = useState(false);
  const reducedMotion = useReducedMotion();
  const toggle = useCallback((name: string) => {
    setHidden((before) => {
      const next = new Set(before);
      if (!next.delete(name)) next.add(name);
      return next;
    });
  }, []);

  return (
    <Card component="section" aria-labelledby={titleId} data-testid={testId} sx={{ p: { xs: 2, sm: 2.5 }, display: "flex", flexDirection: "column", gap: 1.5, minWidth: 0 }}>
      <Typography id={titleId} variant="h4" component={`h${headingLevel}`}>
        {title}
      </Typography>
      {summary}
      <ChartLegend series={series} hidden={hidden} onToggle={toggle} />
      <ChartBoundary height={CHART_HEIGHT}>
        <Suspense fallback={<Placeholder still={reducedMotion} />}>
          <LazyEChart description={description} weeks={weeks} series={series} kind={kind} hidden={hidden} reducedMotion={reducedMotion} height={CHART_HEIGHT} />
        </Suspense>
      </ChartBoundary>
      <Box>
        <Button
          size="small"
          startIcon={<TableChartRounded />}
          aria-expanded={tableOpen}
          aria-controls={tableId}
          onClick={() => setTableOpen((open) => !open)}
          data-testid="chart-data-toggle"
        >
          {tableOpen ? m.hideData : m.showData}
        </Button>
        <Box id={tableId} hidden={!tableOpen}>
          {tableOpen && <DataTable id={tableId} description={description} weeks={weeks} series={series} />}
        </Box>
      </Box>
    </Card>
  );
}

/** The chart's place while its code loads: its height, and a word for screen readers. */
function Placeholder({ still }: { still: boolean }) {
  return (
    <Box aria-busy="true" data-testid="chart-loading" sx={{ height: CHART_HEIGHT }}>
      <Box component="span" role="status" sx={visuallyHidden}>
        {m.loading}
      </Box>
      <Skeleton variant="rounded" height={CHART_HEIGHT} aria-hidden animation={still ? false : "pulse"} />
    </Box>
  );
}
