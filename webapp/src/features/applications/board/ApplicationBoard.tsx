// The board view of /applications: a column per status (New, Engaged, Lost, Win) with its
// cards. A card moves by drag and drop (native HTML5) or, from the keyboard and on phones, by
// its « Déplacer vers… » menu, which offers only the moves that can succeed and says why the
// others are not there; what a move does is in ./model and ./useMoves. After a move the focus
// stays on the card (in its new column). On phones the board is a single column chosen with a
// status picker, which follows a moved card.
import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Divider from "@mui/material/Divider";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import LockRounded from "@mui/icons-material/LockRounded";
import DragIndicatorRounded from "@mui/icons-material/DragIndicatorRounded";
import KeyboardArrowDownRounded from "@mui/icons-material/KeyboardArrowDownRounded";
import type { Application, ApplicationStatus } from "../../../gen/tremplin/opportunity/v1/opportunity_pb";
import { visuallyHidden } from "../../../components/PremiumBadge";
import { applicationListMessages } from "../../../lib/messages/applicationList";
import { brand } from "../../../lib/theme";
import { ApplicationCard } from "../list/ApplicationList";
import type { RowHandlers } from "../list/ApplicationActionsMenu";
import { isClosed } from "../../../components/applicationStatus";
import { isKnownStatus, statusInfo, STATUS_ORDER, type KnownStatus } from "../list/model";
import { groupByStatus, moveKind, moveTargets, unavailableTargets } from "./model";
import type { BoardMoves } from "./useMoves";

const b = applicationListMessages.board;

const DRAG_TYPE = "application/x-tremplin-application";

/** Where the focus goes once a move has ended: the card's title, or its move button again. */
type FocusRequest = { id: string; on: "card" | "move" };

/** Moves a card and asks for the focus to stay on it, wherever it ends up. */
type MoveCard = (application: Application, target: ApplicationStatus) => void;

export function ApplicationBoard({
  applications,
  handlers,
  moves,
  mobile,
}: {
  applications: readonly Application[];
  handlers: RowHandlers;
  moves: BoardMoves;
  mobile: boolean;
}) {
  const columns = groupByStatus(applications);
  const [shown, setShown] = useState<KnownStatus>(STATUS_ORDER[0]);
  const [dragged, setDragged] = useState<Application | undefined>(undefined);
  const [over, setOver] = useState<KnownStatus | undefined>(undefined);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | undefined>(undefined);
  const hintId = useId();
  const root = useRef<HTMLElement>(null);

  const moveCard: MoveCard = (application, target) => {
    void moves.move(application, target).then((outcome) => {
      if (outcome === "none") return;
      // On a phone the card leaves the column on screen: show its new column.
      if (outcome === "moved" && mobile && isKnownStatus(target)) setShown(target);
      setFocusRequest({ id: application.id, on: outcome === "moved" ? "card" : "move" });
    });
  };

  // The card is drawn again in its new column (once the saved report is in the list): focus it
  // there. Until then the request waits.
  useEffect(() => {
    if (!focusRequest) return;
    const card = root.current?.querySelector<HTMLElement>(`[data-application-id="${focusRequest.id}"]`);
    const target = card?.querySelector<HTMLElement>(focusRequest.on === "card" ? "a[data-card-link]" : "[data-move-button]") ?? card?.querySelector<HTMLElement>("a[data-card-link]");
    if (!target) return;
    target.focus();
    setFocusRequest(undefined);
  }, [focusRequest, applications, shown]);

  const drop = (target: KnownStatus) => {
    const app = dragged;
    setDragged(undefined);
    setOver(undefined);
    if (app) moveCard(app, target);
  };

  const visible = mobile ? [shown] : STATUS_ORDER;

  return (
    <Box component="section" aria-label={b.title} ref={root}>
      <Typography id={hintId} variant="body2" color="text.secondary" sx={mobile ? visuallyHidden : { mb: 1.5 }}>
        {b.dragHint}
      </Typography>
      {mobile && (
        <TextField
          select
          fullWidth
          label={b.picker}
          value={shown}
          onChange={(e) => setShown(Number(e.target.value) as KnownStatus)}
          sx={{ mb: 2, "& .MuiSelect-select": { minHeight: 24 } }}
          slotProps={{ select: { native: true } }}
        >
          {STATUS_ORDER.map((s) => (
            <option key={s} value={s}>
              {b.pickerOption(statusInfo(s).label, columns[s].length)}
            </option>
          ))}
        </TextField>
      )}
      <Box
        sx={{
          display: "grid",
          gridTemplateColumns: mobile ? "minmax(0, 1fr)" : `repeat(${STATUS_ORDER.length}, minmax(0, 1fr))`,
          gap: { xs: 1.5, md: 2 },
          alignItems: "start",
        }}
      >
        {visible.map((status) => (
          <Column
            key={status}
            status={status}
            applications={columns[status]}
            handlers={handlers}
            moves={moves}
            hintId={hintId}
            moveCard={moveCard}
            droppable={dragged !== undefined && moveKind(dragged, status) === "report"}
            highlighted={over === status}
            onDragEnter={() => setOver(status)}
            onDragLeave={() => setOver((o) => (o === status ? undefined : o))}
            onDrop={() => drop(status)}
            onDragStart={setDragged}
            onDragEnd={() => {
              setDragged(undefined);
              setOver(undefined);
            }}
          />
        ))}
      </Box>
      <Box role="status" aria-live="polite" data-testid="board-announcement" sx={visuallyHidden}>
        {moves.announcement}
      </Box>
    </Box>
  );
}

function Column({
  status,
  applications,
  handlers,
  moves,
  moveCard,
  hintId,
  droppable,
  highlighted,
  onDragEnter,
  onDragLeave,
  onDrop,
  onDragStart,
  onDragEnd,
}: {
  status: KnownStatus;
  applications: readonly Application[];
  handlers: RowHandlers;
  moves: BoardMoves;
  moveCard: MoveCard;
  hintId: string;
  droppable: boolean;
  highlighted: boolean;
  onDragEnter: () => void;
  onDragLeave: () => void;
  onDrop: () => void;
  onDragStart: (a: Application) => void;
  onDragEnd: () => void;
}) {
  const info = statusInfo(status);
  const headingId = useId();
  const accept = (e: DragEvent) => {
    if (!droppable || !e.dataTransfer.types.includes(DRAG_TYPE)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = "move";
  };
  return (
    <Box
      component="section"
      aria-label={b.column(info.label, applications.length)}
      data-testid={`board-column-${info.key}`}
      onDragEnter={(e) => {
        if (droppable) {
          accept(e);
          onDragEnter();
        }
      }}
      onDragOver={accept}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onDragLeave();
      }}
      onDrop={(e) => {
        e.preventDefault();
        if (droppable) onDrop();
      }}
      sx={{
        bgcolor: highlighted ? brand.primaryLight : "#F4F5F9",
        border: "2px dashed",
        borderColor: highlighted ? brand.primary : droppable ? "#C7CBE0" : "transparent",
        borderRadius: "16px",
        p: 1.25,
        minHeight: { md: 240 },
        transition: "background-color .15s, border-color .15s",
      }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 0.75, pt: 0.5, pb: 1.25 }}>
        <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: "3px", bgcolor: info.color, flex: "none" }} />
        <Typography id={headingId} component="h2" sx={{ fontWeight: 700, fontSize: "0.9375rem" }}>
          {info.label}
        </Typography>
        <Box
          aria-hidden
          sx={{ ml: "auto", minWidth: 24, height: 22, px: 0.75, borderRadius: 99, bgcolor: "background.paper", color: "text.secondary", fontSize: "0.8125rem", fontWeight: 700, display: "inline-grid", placeItems: "center" }}
        >
          {applications.length}
        </Box>
      </Box>
      {applications.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 0.75, py: 2, textAlign: "center" }}>
          {b.empty}
        </Typography>
      ) : (
        <Box component="ul" aria-label={b.column(info.label, applications.length)} sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1.25 }}>
          {applications.map((a) => (
            <BoardCard key={a.id} application={a} handlers={handlers} moves={moves} moveCard={moveCard} hintId={hintId} onDragStart={onDragStart} onDragEnd={onDragEnd} />
          ))}
        </Box>
      )}
    </Box>
  );
}

function BoardCard({
  application,
  handlers,
  moves,
  moveCard,
  hintId,
  onDragStart,
  onDragEnd,
}: {
  application: Application;
  handlers: RowHandlers;
  moves: BoardMoves;
  moveCard: MoveCard;
  hintId: string;
  onDragStart: (a: Application) => void;
  onDragEnd: () => void;
}) {
  const closed = isClosed(application);
  return (
    <ApplicationCard
      application={application}
      handlers={handlers}
      compact
      testId="board-card"
      drag={{
        draggable: !closed,
        describedBy: hintId,
        dimmed: moves.pending === application.id,
        onDragStart: (e) => {
          e.dataTransfer.setData(DRAG_TYPE, application.id);
          e.dataTransfer.setData("text/plain", application.company);
          e.dataTransfer.effectAllowed = "move";
          onDragStart(application);
        },
        onDragEnd,
      }}
      footer={closed ? <ClosedMark /> : <MoveMenu application={application} pending={moves.pending === application.id} moveCard={moveCard} />}
    />
  );
}

/** A won or a lost card alike: final, hence a lock (a green tick read as « won » on a lost one). */
function ClosedMark() {
  return (
    <Chip
      size="small"
      icon={<LockRounded />}
      label={b.closed}
      title={b.closedHint}
      data-testid="closed-mark"
      sx={{ bgcolor: "transparent", color: "text.secondary", fontWeight: 600, "& .MuiChip-icon": { color: "text.secondary" } }}
    />
  );
}

function MoveMenu({ application, pending, moveCard }: { application: Application; pending: boolean; moveCard: MoveCard }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Each opening mounts a fresh menu: reopened (Escape, then Enter) while the last one is still
  // fading out, MUI's closing focus trap handed the focus back to the button after the new menu
  // had put it on its first item, and the arrow keys then moved nothing.
  const [openings, setOpenings] = useState(0);
  const id = useId();
  const targets = moveTargets(application);
  const unavailable = unavailableTargets(application);
  const pick = (target: ApplicationStatus) => {
    setAnchor(null);
    moveCard(application, target);
  };
  return (
    <>
      <Button
        size="small"
        color="inherit"
        startIcon={<DragIndicatorRounded />}
        endIcon={<KeyboardArrowDownRounded />}
        aria-label={b.moveLabel(application.company)}
        aria-haspopup="menu"
        aria-controls={anchor ? id : undefined}
        aria-expanded={anchor ? "true" : undefined}
        data-move-button
        disabled={pending}
        onClick={(e) => {
          setAnchor(e.currentTarget);
          setOpenings((n) => n + 1);
        }}
        fullWidth
        sx={{ minHeight: 44, mx: -1, px: 1, minWidth: 0, justifyContent: "flex-start", color: "text.secondary", fontWeight: 600, "& .MuiButton-endIcon": { ml: "auto" } }}
      >
        {/* One line in a narrow column: the label shortens rather than wraps. */}
        <Box component="span" sx={{ minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", textAlign: "left" }}>
          {b.move}
        </Box>
      </Button>
      <Menu
        key={openings}
        id={id}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { sx: { maxWidth: 320 } } }}
      >
        {targets.map((s) => {
          const info = statusInfo(s);
          return (
            <MenuItem key={s} onClick={() => pick(s)} sx={{ gap: 1.25, minHeight: 44 }}>
              <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: "3px", bgcolor: info.color }} />
              {info.label}
            </MenuItem>
          );
        })}
        {unavailable.length > 0 && <Divider />}
        {/* Read with the menu (disabled items stay in its list) and skipped by the arrow keys. */}
        {unavailable.map(({ status, reason }) => (
          <MenuItem
            key={status}
            disabled
            data-testid="move-unavailable"
            sx={{ "&.Mui-disabled": { opacity: 1 }, color: "text.secondary", whiteSpace: "normal", fontSize: "0.875rem", lineHeight: 1.4, py: 1 }}
          >
            {b.unavailableItem(statusInfo(status).label, reason)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
