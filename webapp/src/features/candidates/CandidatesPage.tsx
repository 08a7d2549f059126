// /candidates (agency admin and platform admin): search, status tabs with their counts, the
// list — a table on desktop, cards on phones — newest first, with ticks to delete, and the
// actions of each candidate; the agency admin also sees the licences their agency has left.
import { useDeferredValue, useMemo, useState } from "react";
import { useQuery } from "@connectrpc/connect-query";
import { keepPreviousData } from "@tanstack/react-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import InputAdornment from "@mui/material/InputAdornment";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import DeleteOutlineRounded from "@mui/icons-material/DeleteOutlineRounded";
import GroupAddRounded from "@mui/icons-material/GroupAddRounded";
import PersonAddAlt1Rounded from "@mui/icons-material/PersonAddAlt1Rounded";
import SearchRounded from "@mui/icons-material/SearchRounded";
import { AgencyService } from "../../gen/tremplin/agency/v1/agency_pb";
import { UserStatus } from "../../gen/tremplin/common/v1/common_pb";
import { EmptyListState, ListCount, ListSkeleton, NoMatchState } from "../../components/ListStates";
import { LoadError } from "../../components/LoadError";
import { PageContainer, PageHeader } from "../../components/layout/PageContainer";
import { agencyMessages } from "../../lib/messages/agency";
import { useSession } from "../../lib/session";
import { usePageTitle } from "../../lib/usePageTitle";
import { useViewport } from "../../lib/viewport";
import { CandidateCards, CandidateTable } from "./CandidateList";
import { STATUS_ORDER, statusInfo, tabCount, tickedAmong, toggleAll, type Manager } from "./model";
import { useCandidateActions } from "./useCandidateActions";
import { useRemainingLicences } from "./useRemainingLicences";
import { searchTarget } from "../../lib/theme";

const m = agencyMessages.candidates;

export default function CandidatesPage() {
  usePageTitle(m.title);
  const { audience } = useSession();
  const who: Manager = audience === "admin" ? "admin" : "agency-admin";
  const { isMobile } = useViewport();
  const remaining = useRemainingLicences(who);
  const actions = useCandidateActions(who, remaining);

  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<UserStatus>(UserStatus.UNSPECIFIED);
  const deferredSearch = useDeferredValue(search.trim());
  // Newest first, filtered and counted by the server (the counts follow the search, not the tab).
  // A failure is this page's to show (LoadError), not an empty list.
  const list = useQuery(
    AgencyService.method.listCandidates,
    { search: deferredSearch, status },
    { placeholderData: keepPreviousData, meta: { handlesErrors: true } },
  );
  const candidates = useMemo(() => list.data?.candidates ?? [], [list.data]);
  const counts = list.data?.counts;

  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const tickedShown = tickedAmong(ticked, candidates);
  const onTick = (id: string) =>
    setTicked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const onTickAll = () => setTicked((prev) => toggleAll(prev, candidates));
  const deleteTicked = () =>
    actions.remove(
      candidates.filter((x) => tickedShown.includes(x.id)),
      () => setTicked(new Set()),
    );

  const failed = list.isError && !list.data;
  const loading = list.isPending && !failed;
  const nobody = !loading && !failed && (counts?.all ?? 0) === 0 && !deferredSearch;
  // After a failure the search and the tabs stay only to undo a search or a tab.
  const filtered = Boolean(deferredSearch) || status !== UserStatus.UNSPECIFIED;
  const tabs = [UserStatus.UNSPECIFIED, ...STATUS_ORDER];

  return (
    <PageContainer>
      <PageHeader
        title={m.title}
        subtitle={
          <ListCount testId="candidates-count" loading={loading} failed={failed} width={100}>
            {m.count(counts?.all ?? 0)}
            {/* The agency admin gives licences from here: what is left shows beside the count. */}
            {remaining.own !== undefined && ` · ${m.remaining(remaining.own)}`}
          </ListCount>
        }
        actions={
          <Box sx={{ display: "flex", gap: 1, width: { xs: "100%", sm: "auto" } }}>
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteOutlineRounded />}
              onClick={deleteTicked}
              sx={{ flex: { xs: 1, sm: "none" }, bgcolor: "background.paper" }}
            >
              {m.deleteTicked(tickedShown.length)}
            </Button>
            <Button variant="contained" startIcon={<PersonAddAlt1Rounded />} onClick={actions.create} sx={{ flex: { xs: 2, sm: "none" } }}>
              {m.create}
            </Button>
          </Box>
        }
      />

      {!nobody && (!failed || filtered) && (
        <Box sx={{ mb: 2.5, display: "flex", flexDirection: "column", gap: 1.5 }}>
          <TextField
            size="small"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={who === "admin" ? m.searchPlaceholderAdmin : m.searchPlaceholder}
            sx={{ maxWidth: { sm: 420 }, "& .MuiOutlinedInput-root": { height: 44, bgcolor: "background.paper" }, ...searchTarget }}
            slotProps={{
              htmlInput: { "aria-label": m.search, type: "search" },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRounded fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Card sx={{ px: 0.5 }}>
            <Tabs
              value={status}
              onChange={(_, v: UserStatus) => setStatus(v)}
              variant="scrollable"
              scrollButtons="auto"
              allowScrollButtonsMobile
              aria-label={m.tabs}
            >
              {tabs.map((s) => {
                const label = s === UserStatus.UNSPECIFIED ? m.all : statusInfo(s).tab;
                return (
                  <Tab
                    key={s}
                    value={s}
                    data-testid={`tab-${s === UserStatus.UNSPECIFIED ? "all" : statusInfo(s).key}`}
                    label={
                      <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.75 }}>
                        {label}
                        {!failed && (
                          <Box component="span" sx={{ px: 0.75, borderRadius: 99, bgcolor: "#EEF0F5", fontSize: "0.75rem", fontWeight: 700, color: "text.primary" }}>
                            {tabCount(counts, s)}
                          </Box>
                        )}
                      </Box>
                    }
                    sx={{ textTransform: "none", minHeight: 48 }}
                  />
                );
              })}
            </Tabs>
          </Card>
        </Box>
      )}

      {failed ? (
        <LoadError what={m.load} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : loading ? (
        <ListSkeleton rows={isMobile ? 3 : 6} height={isMobile ? 80 : 44} />
      ) : nobody ? (
        <EmptyListState
          icon={<GroupAddRounded />}
          texts={m}
          actions={
            <Button variant="contained" startIcon={<PersonAddAlt1Rounded />} onClick={actions.create}>
              {m.create}
            </Button>
          }
        />
      ) : candidates.length === 0 ? (
        <NoMatchState
          texts={m}
          clearLabel={m.clearSearch}
          onClear={() => {
            setSearch("");
            setStatus(UserStatus.UNSPECIFIED);
          }}
        />
      ) : isMobile ? (
        <CandidateCards candidates={candidates} who={who} ticked={ticked} onTick={onTick} onTickAll={onTickAll} actions={actions} />
      ) : (
        <CandidateTable candidates={candidates} who={who} ticked={ticked} onTick={onTick} onTickAll={onTickAll} actions={actions} />
      )}
    </PageContainer>
  );
}
