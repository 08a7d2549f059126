// The application modals (create, edit, report) for the list, the board and the details page.
// After creating an application, the first-task prompt opens locked to it (spec section 4:
// default subject send-application, priority normal, a deadline), with cancel labelled
// « Ignorer ». The forms load with the first modal opened (their day picker is heavy).
import { lazy, useEffect, useMemo, useRef, type ReactNode } from "react";
import EditRounded from "@mui/icons-material/EditRounded";
import TaskAltRounded from "@mui/icons-material/TaskAltRounded";
import WorkOutlineRounded from "@mui/icons-material/WorkOutlineRounded";
import { TaskSubject } from "../../../gen/tremplin/activity/v1/activity_pb";
import type { Application } from "../../../gen/tremplin/opportunity/v1/opportunity_pb";
import { ApplicationStatus } from "../../../gen/tremplin/opportunity/v1/opportunity_pb";
import { LazyBody } from "../../../components/ModalBody";
import { useModals } from "../../../components/ModalHost";
import { useActivityModals } from "../../../components/activity/useActivityModals";
import { applicationMessages } from "../../../lib/messages/applications";
import { useApplySaved } from "../queries";

const ApplicationModalBody = lazy(() => import("./ApplicationForm").then((m) => ({ default: m.ApplicationModalBody })));
const ApplicationReportForm = lazy(() => import("./ReportForm").then((m) => ({ default: m.ApplicationReportForm })));

const f = applicationMessages.form;

export type ApplicationModals = {
  /** « Nouvelle candidature » (every field and rule); after saving: toast, queries invalidated, then the
   *  first-task prompt locked to the new application (subject send-application). `after` gets the saved one. */
  create: (after?: (a: Application) => void) => void;
  /** The same form to edit an open (new or engaged) application. */
  edit: (application: Application) => void;
  /** The application-report modal (outcome lost / win required, comment); `outcome` preselects it.
   *  Saves through MarkApplicationAsComplete, toasts, invalidates queries.
   *  Resolves true when saved, false when cancelled or refused. */
  report: (application: Application, outcome?: ApplicationStatus.LOST | ApplicationStatus.WIN) => Promise<boolean>;
};

/** Calls `onGone` once when the modal's body leaves the screen (closed, dismissed or replaced). */
function OnUnmount({ onGone, children }: { onGone: () => void; children: ReactNode }) {
  const ref = useRef(onGone);
  useEffect(() => {
    ref.current = onGone;
  }, [onGone]);
  useEffect(() => () => ref.current(), []);
  return <>{children}</>;
}

export function useApplicationModals(): ApplicationModals {
  const modals = useModals();
  const activities = useActivityModals();
  const applySaved = useApplySaved();

  return useMemo(() => {
    const create: ApplicationModals["create"] = (after) =>
      modals.open({
        kind: "custom",
        title: f.createTitle,
        illustration: <WorkOutlineRounded />,
        maxWidth: "md",
        render: (close) => (
          <LazyBody>
            <ApplicationModalBody
              close={close}
              onSaved={(saved) => {
                // The task form picks the application from the cached list: it is there at once.
                applySaved(saved);
                // The first-task prompt replaces this modal (one modal at a time).
                activities.createTask({
                  applicationId: saved.id,
                  subject: TaskSubject.SEND_APPLICATION,
                  locks: { application: true },
                  prompt: { title: applicationMessages.firstTask.title, intro: applicationMessages.firstTask.intro(saved.company) },
                });
                after?.(saved);
              }}
            />
          </LazyBody>
        ),
      });

    const edit: ApplicationModals["edit"] = (application) =>
      modals.open({
        kind: "custom",
        title: f.editTitle,
        illustration: <EditRounded />,
        maxWidth: "md",
        render: (close) => (
          <LazyBody label={f.loading}>
            <ApplicationModalBody applicationId={application.id} close={close} onSaved={(saved) => (applySaved(saved), close())} />
          </LazyBody>
        ),
      });

    const report: ApplicationModals["report"] = (application, outcome) =>
      new Promise<boolean>((resolve) => {
        let settled = false;
        const settle = (saved: boolean) => {
          if (settled) return;
          settled = true;
          resolve(saved);
        };
        modals.open({
          kind: "custom",
          title: applicationMessages.report.title,
          tone: "success",
          illustration: <TaskAltRounded />,
          maxWidth: "sm",
          render: (close) => (
            <OnUnmount onGone={() => settle(false)}>
              <LazyBody>
                <ApplicationReportForm
                  application={application}
                  outcome={outcome}
                  close={close}
                  onSaved={(saved) => {
                    if (saved) applySaved(saved);
                    settle(true);
                    close();
                  }}
                />
              </LazyBody>
            </OnUnmount>
          ),
        });
      });

    return { create, edit, report };
  }, [modals, activities, applySaved]);
}
