// /contacts: the candidate's network. Title and count, the state bar by status, search, status
// and tag filters (premium), export, import (premium), add, and the list — a table on desktop,
// cards on mobile — a page at a time (networks hold up to 5,000 contacts).
import { useDeferredValue, useMemo, useState } from "react";
import { useLocation } from "react-router";
import { useQuery } from "@connectrpc/connect-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Fab from "@mui/material/Fab";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Pagination from "@mui/material/Pagination";
import AddRounded from "@mui/icons-material/AddRounded";
import AddTaskRounded from "@mui/icons-material/AddTaskRounded";
import EventAvailableRounded from "@mui/icons-material/EventAvailableRounded";
import GroupAddRounded from "@mui/icons-material/GroupAddRounded";
import LocalOfferOutlined from "@mui/icons-material/LocalOfferOutlined";
import PeopleAltRounded from "@mui/icons-material/PeopleAltRounded";
import PersonAddAlt1Rounded from "@mui/icons-material/PersonAddAlt1Rounded";
import PhoneCallbackRounded from "@mui/icons-material/PhoneCallbackRounded";
import UploadFileRounded from "@mui/icons-material/UploadFileRounded";
import { NetworkService, type Contact, type DuplicatePair } from "../../gen/tremplin/network/v1/network_pb";
import { EmptyListState, ListCount, ListSkeleton, NoMatchState } from "../../components/ListStates";
import { PremiumFilterBar, statusMenu, type FilterRowProps } from "../../components/PremiumFilterBar";
import { LoadError } from "../../components/LoadError";
import { PageContainer, PageHeader } from "../../components/layout/PageContainer";
import { PremiumBadge } from "../../components/PremiumBadge";
import { StateBar } from "../../components/StateBar";
import { networkMessages } from "../../lib/messages/network";
import { usePremiumGate } from "../../lib/premium";
import { fold } from "../../lib/text";
import { usePageTitle } from "../../lib/usePageTitle";
import { useViewport } from "../../lib/viewport";
import { useActivityShortcuts } from "./activityShortcuts";
import { ContactCards, ContactTable } from "./ContactList";
import { NO_FILTERS, filterContacts, type ContactFilters } from "./filters";
import { STATUS_ORDER, countByStatus, statusInfo } from "./status";
import { useContactActions } from "./useContactActions";
import { ExportMenu } from "./ExportMenu";
import { useContactExport } from "./useContactExport";

const m = networkMessages.list;

const PAGE_SIZE = { desktop: 50, mobile: 20 };

/** The tag a link elsewhere (the details page) asks the list to filter by. */
function tagFromState(state: unknown): string | undefined {
  const tag = (state as { tag?: unknown } | null)?.tag;
  return typeof tag === "string" && tag.trim() ? tag : undefined;
}

/** The home's and the dashboard's « voir tous » ask for the contacts to call back. */
function callBackFromState(state: unknown): boolean {
  return (state as { callBack?: unknown } | null)?.callBack === true;
}

export default function ContactsPage() {
  usePageTitle(m.title);
  const { isMobile } = useViewport();
  const location = useLocation();
  const gate = usePremiumGate();
  const actions = useContactActions();
  const shortcuts = useActivityShortcuts();

  // A failure is this page's to show (LoadError), not an empty network.
  const list = useQuery(NetworkService.method.listContacts, {}, { meta: { handlesErrors: true } });
  const contacts = useMemo(() => list.data?.contacts ?? [], [list.data]);

  // The filters and the page shown: changing the filters goes back to the first page, and so
  // does a new page size (the page was chosen for the size it was chosen with).
  const pageSize = isMobile ? PAGE_SIZE.mobile : PAGE_SIZE.desktop;
  const [filters, setFilters] = useState<ContactFilters>(NO_FILTERS);
  const [chosen, setChosen] = useState({ page: 1, size: pageSize });
  const changeFilters = (next: ContactFilters) => {
    setFilters(next);
    setChosen({ page: 1, size: pageSize });
  };

  // A tag passed in the navigation state (the details page's tags) sets the tag filter, for
  // premium users: once per navigation, while rendering (no first render without it).
  const [navigation, setNavigation] = useState<string | undefined>(undefined);
  if (navigation !== location.key) {
    setNavigation(location.key);
    const tag = gate.premium ? tagFromState(location.state) : undefined;
    if (tag) changeFilters({ ...filters, tags: [tag] });
    if (gate.premium && callBackFromState(location.state)) changeFilters({ ...NO_FILTERS, callBack: true });
  }

  // Who is to call back changes with the clock, not with the list: asked when filtered on. Until
  // it answers nobody is known to match: the page waits (placeholders) or says it failed.
  const callBackWanted = gate.premium && filters.callBack;
  const callBacks = useQuery(NetworkService.method.listCallBacks, {}, { enabled: callBackWanted, meta: { handlesErrors: true } });
  const callBackIds = useMemo(() => (callBacks.data ? new Set(callBacks.data.callBacks.map((c) => c.contact?.id ?? "")) : undefined), [callBacks.data]);

  const deferred = useDeferredValue(filters);
  const shown = useMemo(() => filterContacts(contacts, deferred, callBackIds), [contacts, deferred, callBackIds]);
  const pages = Math.max(1, Math.ceil(shown.length / pageSize));
  const current = Math.min(chosen.size === pageSize ? chosen.page : 1, pages);
  const slice = shown.slice((current - 1) * pageSize, current * pageSize);

  const counts = useMemo(() => countByStatus(contacts), [contacts]);
  const stateItems = STATUS_ORDER.map((s) => {
    const info = statusInfo(s);
    return { key: info.key, label: info.label, count: counts[s], color: info.color };
  });

  const exports = useContactExport();
  const handlers = (c: Contact) => ({
    onAddTask: () => shortcuts.addTask(c),
    onAddInterview: () => shortcuts.addInterview(c),
    onEdit: () => actions.edit(c.id),
    onExportVCard: () => exports.vcard(c.id),
    onDelete: () => actions.remove(c),
  });

  const failed = list.isError && !list.data;
  const loading = list.isPending && !failed;
  const empty = !loading && !failed && contacts.length === 0;
  const callBacksFailed = callBackWanted && callBacks.isError && !callBacks.data;
  const callBacksLoading = callBackWanted && callBacks.isPending;

  return (
    <PageContainer>
      <Box sx={{ pb: { xs: 8, sm: 6 } }}>
        <Header
          total={contacts.length}
          loading={loading}
          failed={failed}
          premium={gate.premium}
          onAdd={actions.create}
          onImport={actions.importContacts}
        />

        {!empty && !failed && (
          <Box sx={{ mb: 2.5 }}>
            <StateBar title={m.stateBar} items={stateItems} />
          </Box>
        )}

        {!empty && !failed && gate.premium && <DuplicatesNotice onReview={actions.mergeDuplicates} />}

        {!empty && !failed && (
          <Toolbar filters={filters} onChange={changeFilters} premium={gate.premium} allow={gate.allow} shown={callBacksFailed || callBacksLoading ? undefined : shown.length} total={contacts.length} />
        )}

        {failed ? (
          <LoadError what={m.load} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : loading ? (
          <ListSkeleton rows={isMobile ? 4 : 8} height={isMobile ? 72 : 40} />
        ) : empty ? (
          <EmptyNetwork premium={gate.premium} onAdd={actions.create} onImport={actions.importContacts} />
        ) : callBacksFailed ? (
          <LoadError what={networkMessages.callBacks.load} onRetry={() => void callBacks.refetch()} retrying={callBacks.isFetching} />
        ) : callBacksLoading ? (
          <ListSkeleton rows={isMobile ? 4 : 8} height={isMobile ? 72 : 40} />
        ) : shown.length === 0 ? (
          <NoMatchState texts={m} clearLabel={m.clearFilters} onClear={() => changeFilters(NO_FILTERS)} />
        ) : isMobile ? (
          <ContactCards contacts={slice} handlers={handlers} />
        ) : (
          <ContactTable contacts={slice} handlers={handlers} />
        )}

        {!loading && pages > 1 && (
          <Box sx={{ display: "flex", justifyContent: "center", mt: 3 }}>
            <Pagination
              count={pages}
              page={current}
              onChange={(_, p) => {
                setChosen({ page: p, size: pageSize });
                window.scrollTo({ top: 0, behavior: "smooth" });
              }}
              color="primary"
              shape="rounded"
              siblingCount={isMobile ? 0 : 1}
              aria-label={m.pages}
            />
          </Box>
        )}
      </Box>
      <AddMenu premium={gate.premium} onContact={actions.create} onImport={actions.importContacts} onTask={() => shortcuts.addTask()} onInterview={() => shortcuts.addInterview()} />
    </PageContainer>
  );
}

function Header({
  total,
  loading,
  failed,
  premium,
  onAdd,
  onImport,
}: {
  total: number;
  loading: boolean;
  /** The list could not be read: no count. */
  failed: boolean;
  premium: boolean;
  onAdd: () => void;
  onImport: () => void;
}) {
  return (
    <PageHeader
      title={m.title}
      subtitle={
        <ListCount testId="contacts-count" loading={loading} failed={failed} width={90}>
          {m.count(total)}
        </ListCount>
      }
      rowFrom="md"
      actions={
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", width: { xs: "100%", md: "auto" } }}>
          <ExportMenu disabled={total === 0} />
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<UploadFileRounded />}
            onClick={onImport}
            endIcon={premium ? undefined : <PremiumBadge compact />}
            sx={{ borderColor: "divider", bgcolor: "background.paper", flex: { xs: 1, sm: "none" } }}
          >
            {m.import}
          </Button>
          <Button variant="contained" startIcon={<PersonAddAlt1Rounded />} onClick={onAdd} sx={{ flex: { xs: "1 1 100%", sm: "none" } }}>
            {m.add}
          </Button>
        </Box>
      }
    />
  );
}

function Toolbar({ filters, onChange, premium, allow, shown, total }: FilterRowProps<ContactFilters>) {
  const [tagsWanted, setTagsWanted] = useState(filters.tags.length > 0);
  // A failure is the menu's to say (as the contact form's tags field says it on the same query).
  const tags = useQuery(NetworkService.method.searchTags, { term: "" }, { enabled: premium && tagsWanted, meta: { handlesErrors: true } });
  const tagOptions = useMemo(() => {
    const names = (tags.data?.tags ?? []).map((t) => t.name);
    for (const t of filters.tags) if (!names.some((n) => fold(n) === fold(t))) names.push(t);
    return names.map((n) => ({ value: n, label: n }));
  }, [tags.data, filters.tags]);

  return (
    <PremiumFilterBar
      premium={premium}
      allow={allow}
      search={{ value: filters.search, onChange: (search) => onChange({ ...filters, search }), label: m.search, placeholder: m.searchPlaceholder }}
      menus={[
        statusMenu(m.statusFilter, STATUS_ORDER, (s) => statusInfo(s).label, filters.statuses, (statuses) => onChange({ ...filters, statuses })),
        {
          label: m.tagFilter,
          icon: <LocalOfferOutlined />,
          options: tagOptions,
          loading: tags.isLoading,
          failed: tags.isError ? { what: m.loadTags, onRetry: () => void tags.refetch(), retrying: tags.isFetching } : undefined,
          selected: filters.tags,
          onChange: (values) => onChange({ ...filters, tags: values }),
          onOpen: () => setTagsWanted(true),
        },
      ]}
      toggles={[{ label: m.callBackFilter, icon: <PhoneCallbackRounded />, pressed: filters.callBack, onToggle: () => onChange({ ...filters, callBack: !filters.callBack }) }]}
      active={{ onClear: () => onChange(NO_FILTERS), shown, total, texts: m }}
    />
  );
}

/**
 * « N paires de contacts semblent être la même personne » and the way to merge them (premium).
 * A failure is said here, as MergeFlow says it on the same query: the two observers share its
 * `handlesErrors`, which must not depend on which rendered last. Pairs kept from before a failed
 * read are not offered: they may hold a pair merged since.
 */
function DuplicatesNotice({ onReview }: { onReview: (pairs: readonly DuplicatePair[]) => void }) {
  const duplicates = useQuery(NetworkService.method.listDuplicates, {}, { meta: { handlesErrors: true } });
  const pairs = duplicates.data?.pairs ?? [];
  if (duplicates.isError) {
    return <LoadError what={networkMessages.merge.load} onRetry={() => void duplicates.refetch()} retrying={duplicates.isFetching} sx={{ mb: 2.5 }} />;
  }
  if (pairs.length === 0) return null;
  return (
    <Alert
      severity="info"
      icon={<PeopleAltRounded />}
      data-testid="duplicates-notice"
      sx={{ mb: 2.5, alignItems: "center" }}
      action={
        <Button color="inherit" variant="outlined" size="small" onClick={() => onReview(pairs)} sx={{ minHeight: 36 }}>
          {networkMessages.merge.review}
        </Button>
      }
    >
      {networkMessages.merge.notice(pairs.length)}
    </Alert>
  );
}


function EmptyNetwork({ premium, onAdd, onImport }: { premium: boolean; onAdd: () => void; onImport: () => void }) {
  return (
    <EmptyListState
      icon={<GroupAddRounded />}
      texts={m}
      actions={
        <>
          <Button variant="contained" startIcon={<PersonAddAlt1Rounded />} onClick={onAdd}>
            {m.add}
          </Button>
          <Button variant="outlined" startIcon={<UploadFileRounded />} onClick={onImport} endIcon={premium ? undefined : <PremiumBadge compact />}>
            {m.import}
          </Button>
        </>
      }
    />
  );
}


/** The floating add button and its menu of creation actions. */
function AddMenu({
  premium,
  onContact,
  onImport,
  onTask,
  onInterview,
}: {
  premium: boolean;
  onContact: () => void;
  onImport: () => void;
  onTask: () => void;
  onInterview: () => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const run = (fn: () => void) => () => {
    setAnchor(null);
    fn();
  };
  return (
    <>
      <Fab
        color="primary"
        aria-label={m.fab}
        aria-haspopup="menu"
        aria-expanded={anchor ? "true" : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ position: "fixed", right: { xs: 16, sm: 28 }, bottom: { xs: 16, sm: 28 }, zIndex: (t) => t.zIndex.speedDial, boxShadow: "0 10px 24px rgba(67,56,202,0.35)" }}
      >
        <AddRounded sx={{ transition: "transform .2s", transform: anchor ? "rotate(45deg)" : "none" }} />
      </Fab>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "top", horizontal: "right" }}
        transformOrigin={{ vertical: "bottom", horizontal: "right" }}
        slotProps={{ paper: { sx: { mb: 1, minWidth: 240 } } }}
      >
        <MenuItem onClick={run(onContact)}>
          <ListItemIcon>
            <PersonAddAlt1Rounded fontSize="small" />
          </ListItemIcon>
          <ListItemText>{m.fabContact}</ListItemText>
        </MenuItem>
        <MenuItem onClick={run(onImport)}>
          <ListItemIcon>
            <UploadFileRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText>{m.fabImport}</ListItemText>
          {!premium && <PremiumBadge compact />}
        </MenuItem>
        <MenuItem onClick={run(onTask)}>
          <ListItemIcon>
            <AddTaskRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText>{m.fabTask}</ListItemText>
        </MenuItem>
        <MenuItem onClick={run(onInterview)}>
          <ListItemIcon>
            <EventAvailableRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText>{m.fabInterview}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
