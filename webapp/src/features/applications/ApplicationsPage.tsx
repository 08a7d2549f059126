// /applications: the candidate's job applications. Title and count, the state bar by status,
// search by company and the status filter (premium), the add button, and the applications —
// as a list (a table on desktop, cards on mobile) or as a board (a column per status, cards
// moved by drag and drop or their « Déplacer vers… » menu), the view remembered on this browser.
import { useDeferredValue, useMemo, useState } from "react";
import { useQuery } from "@connectrpc/connect-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import AddRounded from "@mui/icons-material/AddRounded";
import TableRowsRounded from "@mui/icons-material/TableRowsRounded";
import ViewKanbanRounded from "@mui/icons-material/ViewKanbanRounded";
import WorkOutlineRounded from "@mui/icons-material/WorkOutlineRounded";
import { OpportunityService, type Application } from "../../gen/tremplin/opportunity/v1/opportunity_pb";
import { EmptyListState, ListCount, ListSkeleton, NoMatchState } from "../../components/ListStates";
import { PremiumFilterBar, statusMenu, type FilterRowProps } from "../../components/PremiumFilterBar";
import { useActivityModals } from "../../components/activity/useActivityModals";
import { LoadError } from "../../components/LoadError";
import { PageContainer, PageHeader } from "../../components/layout/PageContainer";
import { StateBar } from "../../components/StateBar";
import { applicationListMessages } from "../../lib/messages/applicationList";
import { applicationMessages } from "../../lib/messages/applications";
import { usePremiumGate } from "../../lib/premium";
import { usePageTitle } from "../../lib/usePageTitle";
import { useViewport } from "../../lib/viewport";
import { ApplicationBoard } from "./board/ApplicationBoard";
import { useBoardMoves } from "./board/useMoves";
import type { ApplicationHandlers } from "./list/ApplicationActionsMenu";
import { ApplicationCards, ApplicationTable } from "./list/ApplicationList";
import {
  NO_FILTERS,
  STATUS_ORDER,
  countByStatus,
  filterApplications,
  readView,
  statusInfo,
  writeView,
  type ApplicationFilters,
  type ApplicationsView,
} from "./list/model";
import { useApplicationModals } from "./modals/useApplicationModals";

const m = applicationListMessages;

export default function ApplicationsPage() {
  usePageTitle(m.title);
  const { isMobile } = useViewport();
  const gate = usePremiumGate();
  const modals = useApplicationModals();
  const activities = useActivityModals();
  const moves = useBoardMoves(modals.report);

  // A failure is this page's to show (LoadError), not an empty list nor a second toast.
  const list = useQuery(OpportunityService.method.listApplications, {}, { meta: { handlesErrors: true } });
  const applications = useMemo(() => list.data?.applications ?? [], [list.data]);

  const [view, setView] = useState<ApplicationsView>(readView);
  const changeView = (next: ApplicationsView) => {
    setView(next);
    writeView(next);
  };

  const [filters, setFilters] = useState<ApplicationFilters>(NO_FILTERS);
  const deferred = useDeferredValue(filters);
  const shown = useMemo(() => filterApplications(applications, deferred), [applications, deferred]);

  const counts = useMemo(() => countByStatus(applications), [applications]);
  const stateItems = STATUS_ORDER.map((s) => {
    const info = statusInfo(s);
    return { key: info.key, label: info.label, count: counts[s], color: info.color };
  });

  const handlers = (a: Application): ApplicationHandlers => ({
    onEdit: () => modals.edit(a),
    onAddTask: () => activities.createTask({ applicationId: a.id, locks: { application: true } }),
    onAddInterview: () => activities.createEvent({ applicationId: a.id, locks: { application: true } }),
    onClose: () => void modals.report(a),
  });

  const add = () => modals.create();
  const loading = list.isPending;
  const failed = list.isError && !list.data;
  const empty = !loading && !failed && applications.length === 0;

  return (
    <PageContainer>
      <Box sx={{ pb: { xs: 4, sm: 6 } }}>
        <PageHeader
          title={m.title}
          subtitle={
            <ListCount testId="applications-count" loading={loading} failed={failed} width={110}>
              {m.count(applications.length)}
            </ListCount>
          }
          actions={
            <Button variant="contained" startIcon={<AddRounded />} onClick={add} sx={{ width: { xs: "100%", sm: "auto" }, minHeight: 44 }}>
              {m.add}
            </Button>
          }
        />

        {!empty && !failed && (
          <Box sx={{ mb: 2.5 }}>
            <StateBar title={m.stateBar} items={stateItems} />
          </Box>
        )}

        {!empty && !failed && (
          <Toolbar
            filters={filters}
            onChange={setFilters}
            premium={gate.premium}
            allow={gate.allow}
            shown={shown.length}
            total={applications.length}
            view={view}
            onView={changeView}
          />
        )}

        {loading ? (
          <ListSkeleton rows={isMobile ? 4 : 8} height={isMobile ? 72 : 40} />
        ) : failed ? (
          <LoadError what={applicationMessages.list.load} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : empty ? (
          <EmptyListState
            icon={<WorkOutlineRounded />}
            texts={m}
            actions={
              <Button variant="contained" startIcon={<AddRounded />} onClick={add}>
                {m.add}
              </Button>
            }
          />
        ) : view === "board" ? (
          <ApplicationBoard applications={shown} handlers={handlers} moves={moves} mobile={isMobile} />
        ) : shown.length === 0 ? (
          <NoMatchState texts={m} clearLabel={m.clearFilters} onClear={() => setFilters(NO_FILTERS)} />
        ) : isMobile ? (
          <ApplicationCards applications={shown} handlers={handlers} />
        ) : (
          <ApplicationTable applications={shown} handlers={handlers} />
        )}
      </Box>
    </PageContainer>
  );
}

function Toolbar({ filters, onChange, premium, allow, shown, total, view, onView }: FilterRowProps<ApplicationFilters> & { view: ApplicationsView; onView: (v: ApplicationsView) => void }) {
  return (
    <PremiumFilterBar
      premium={premium}
      allow={allow}
      search={{ value: filters.search, onChange: (search) => onChange({ ...filters, search }), label: m.search, placeholder: m.searchPlaceholder }}
      menus={[statusMenu(m.statusFilter, STATUS_ORDER, (s) => statusInfo(s).label, filters.statuses, (statuses) => onChange({ ...filters, statuses }))]}
      active={{ onClear: () => onChange(NO_FILTERS), shown, total, texts: m, countTestId: "applications-shown" }}
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        value={view}
        onChange={(_, v: ApplicationsView | null) => v && onView(v)}
        aria-label={m.view.label}
        sx={{ ml: "auto", bgcolor: "background.paper", "& .MuiToggleButton-root": { minHeight: 44, px: 1.5, gap: 0.75, textTransform: "none", fontWeight: 600 } }}
      >
        <ToggleButton value="list">
          <TableRowsRounded fontSize="small" />
          {m.view.list}
        </ToggleButton>
        <ToggleButton value="board">
          <ViewKanbanRounded fontSize="small" />
          {m.view.board}
        </ToggleButton>
      </ToggleButtonGroup>
    </PremiumFilterBar>
  );
}


