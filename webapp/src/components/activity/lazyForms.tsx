// The activity forms, loaded when a modal first opens: their day and time pickers
// (@mui/x-date-pickers) and autocompletes weigh some 70 kB gzip, which every screen offering
// « ajouter une tâche » would otherwise download before showing anything (/contacts,
// /applications, a contact's or an application's page). Type-only imports keep them out of
// the importing chunk.
import { lazy, Suspense, type ComponentProps, type ComponentType, type ReactNode } from "react";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import { activityMessages } from "../../lib/messages/activities";
import type * as Forms from "./ActivityForms";
import type * as Reports from "./ReportForms";

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

/** The form `load` answers, fetched when first drawn, with Loading in its place until then. */
function lazyForm<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Lazy = lazy(() => load().then((form) => ({ default: form })));
  return function LazyForm(props: P) {
    return (
      <Loading>
        <Lazy {...props} />
      </Loading>
    );
  };
}

export const TaskForm = lazyForm<ComponentProps<typeof Forms.TaskForm>>(() => import("./ActivityForms").then((m) => m.TaskForm));
export const EventForm = lazyForm<ComponentProps<typeof Forms.EventForm>>(() => import("./ActivityForms").then((m) => m.EventForm));
export const ReportForm = lazyForm<ComponentProps<typeof Reports.ReportForm>>(() => import("./ReportForms").then((m) => m.ReportForm));
export const AdditionalInfoForm = lazyForm<ComponentProps<typeof Reports.AdditionalInfoForm>>(() =>
  import("./ReportForms").then((m) => m.AdditionalInfoForm),
);
