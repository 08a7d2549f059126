// The application's tasks and rendez-vous, in progress and finished, each linking to its page;
// add task and add interview (locked to the application) only while it is new or engaged.
import { useState } from "react";
import { useQuery } from "@connectrpc/connect-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import AddTaskRounded from "@mui/icons-material/AddTaskRounded";
import EventAvailableRounded from "@mui/icons-material/EventAvailableRounded";
import EventNoteRounded from "@mui/icons-material/EventNoteRounded";
import { ActivityService } from "../../../gen/tremplin/activity/v1/activity_pb";
import { applicationMessages } from "../../../lib/messages/applications";
import { brand } from "../../../lib/theme";
import { activityPanels, ActivityLine } from "../../../components/activity/panels";
import { Panel, PanelContent } from "../../../components/DetailsPanel";

const d = applicationMessages.details;

export function ActivitiesPanel({ applicationId, open, onAddTask, onAddInterview }: { applicationId: string; open: boolean; onAddTask: () => void; onAddInterview: () => void }) {
  const [tab, setTab] = useState<"inProgress" | "finished">("inProgress");
  // Their failures are this panel's to show (not a toast over the page).
  const tasks = useQuery(ActivityService.method.listTasks, { applicationId }, { meta: { handlesErrors: true } });
  const events = useQuery(ActivityService.method.listEvents, { applicationId }, { meta: { handlesErrors: true } });
  const panels = activityPanels(tasks.data?.tasks ?? [], events.data?.events ?? []);
  const items = panels[tab];
  const both = {
    isError: tasks.isError || events.isError,
    isPending: tasks.isPending || events.isPending,
    isFetching: tasks.isFetching || events.isFetching,
    // Calls again the lists that failed.
    refetch: () => {
      if (tasks.isError) void tasks.refetch();
      if (events.isError) void events.refetch();
    },
  };
  const count = (n: number) => (both.isError || both.isPending ? "" : ` (${n})`);
  return (
    <Panel id="application-activities" title={d.activities} icon={<EventNoteRounded />}>
      {open && (
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mb: 1.5 }}>
          <Button variant="outlined" size="small" startIcon={<AddTaskRounded />} onClick={onAddTask}>
            {d.addTask}
          </Button>
          <Button variant="outlined" size="small" startIcon={<EventAvailableRounded />} onClick={onAddInterview}>
            {d.addInterview}
          </Button>
        </Box>
      )}
      <Tabs value={tab} onChange={(_, v: "inProgress" | "finished") => setTab(v)} aria-label={d.activities} sx={{ mb: 2, borderBottom: `1px solid ${brand.border}` }}>
        <Tab value="inProgress" label={`${d.inProgress}${count(panels.inProgress.length)}`} />
        <Tab value="finished" label={`${d.finished}${count(panels.finished.length)}`} />
      </Tabs>
      <PanelContent query={both} what={d.loadActivities} empty={items.length === 0} emptyText={tab === "inProgress" ? d.noInProgress : d.noFinished}>
        <Box component="ul" data-testid={`activities-${tab}`} sx={{ listStyle: "none", p: 0, m: 0 }}>
          {items.map((i) => (
            <ActivityLine key={`${i.kind}-${i.id}`} item={i} withContact />
          ))}
        </Box>
      </PanelContent>
    </Panel>
  );
}

