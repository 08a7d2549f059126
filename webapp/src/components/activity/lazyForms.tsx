// The activity forms, loaded when a modal first opens: their day and time pickers
// (@mui/x-date-pickers) and autocompletes weigh some 70 kB gzip, which every screen offering
// « ajouter une tâche » would otherwise download before showing anything (/contacts,
// /applications, a contact's or an application's page). Type-only imports keep them out of
// the importing chunk.
import { lazy, Suspense, type ComponentProps, type ReactNode } from "react";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import { activityMessages } from "../../lib/messages/activities";
import type * as Forms from "./ActivityForms";
import type * as Reports from "./ReportForms";

const LazyTaskForm = lazy(() => import("./ActivityForms").then((m) => ({ default: m.TaskForm })));
const LazyEventForm = lazy(() => import("./ActivityForms").then((m) => ({ default: m.EventForm })));
const LazyReportForm = lazy(() => import("./ReportForms").then((m) => ({ default: m.ReportForm })));
const LazyAdditionalInfoForm = lazy(() => import("./ReportForms").then((m) => ({ default: m.AdditionalInfoForm })));

/** A modal's body while its form's code arrives: the modal keeps its size and title. */
function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Box role="status" aria-label={activityMessages.form.loading} sx={{ display: "flex", justifyContent: "center", py: 6 }}>
          <CircularProgress size={24} />
        </Box>
      }
    >
      {children}
    </Suspense>
  );
}

export function TaskForm(props: ComponentProps<typeof Forms.TaskForm>) {
  return (
    <Loading>
      <LazyTaskForm {...props} />
    </Loading>
  );
}

export function EventForm(props: ComponentProps<typeof Forms.EventForm>) {
  return (
    <Loading>
      <LazyEventForm {...props} />
    </Loading>
  );
}

export function ReportForm(props: ComponentProps<typeof Reports.ReportForm>) {
  return (
    <Loading>
      <LazyReportForm {...props} />
    </Loading>
  );
}

export function AdditionalInfoForm(props: ComponentProps<typeof Reports.AdditionalInfoForm>) {
  return (
    <Loading>
      <LazyAdditionalInfoForm {...props} />
    </Loading>
  );
}
