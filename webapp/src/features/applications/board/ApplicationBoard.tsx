// The board view of /applications: a column per status (New, Engaged, Lost, Win) with its
// cards. A card moves by drag and drop (native HTML5) or, from the keyboard and on phones, by
// its « Déplacer vers… » menu; what a move does is in ./model and ./useMoves. On phones the
// board is a single column chosen with a status picker.
import { useId, useState, type DragEvent } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import CheckCircleRounded from "@mui/icons-material/CheckCircleRounded";
import DragIndicatorRounded from "@mui/icons-material/DragIndicatorRounded";
import KeyboardArrowDownRounded from "@mui/icons-material/KeyboardArrowDownRounded";
import type { Application, ApplicationStatus } from "../../../gen/tremplin/opportunity/v1/opportunity_pb";
import { visuallyHidden } from "../../../components/PremiumBadge";
import { applicationListMessages } from "../../../lib/messages/applicationList";
import { brand } from "../../../lib/theme";
import { ApplicationCard } from "../list/ApplicationList";
import type { RowHandlers } from "../list/ApplicationActionsMenu";
import { isClosed } from "../../../components/applicationStatus";
import { statusInfo, STATUS_ORDER, type KnownStatus } from "../list/model";
import { groupByStatus, moveKind, moveTargets } from "./model";
import type { BoardMoves } from "./useMoves";

const b = applicationListMessages.board;

const DRAG_TYPE = "application/x-tremplin-application";

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
  const hintId = useId();

  const drop = (target: KnownStatus) => {
    const app = dragged;
    setDragged(undefined);
    setOver(undefined);
    if (app) void moves.move(app, target);
  };

  const visible = mobile ? [shown] : STATUS_ORDER;

  return (
    <Box component="section" aria-label={b.title}>
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
            droppable={dragged !== undefined && moveKind(dragged, status) !== "none"}
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
            <BoardCard key={a.id} application={a} handlers={handlers} moves={moves} hintId={hintId} onDragStart={onDragStart} onDragEnd={onDragEnd} />
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
  hintId,
  onDragStart,
  onDragEnd,
}: {
  application: Application;
  handlers: RowHandlers;
  moves: BoardMoves;
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
      footer={closed ? <ClosedMark /> : <MoveMenu application={application} moves={moves} />}
    />
  );
}

function ClosedMark() {
  return (
    <Chip
      size="small"
      icon={<CheckCircleRounded />}
      label={b.closed}
      title={b.closedHint}
      data-testid="closed-mark"
      sx={{ bgcolor: "transparent", color: "text.secondary", fontWeight: 600, "& .MuiChip-icon": { color: "success.main" } }}
    />
  );
}

function MoveMenu({ application, moves }: { application: Application; moves: BoardMoves }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const targets = moveTargets(application);
  const pick = (target: ApplicationStatus) => {
    setAnchor(null);
    void moves.move(application, target);
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
        disabled={moves.pending === application.id}
        onClick={(e) => setAnchor(e.currentTarget)}
        fullWidth
        sx={{ minHeight: 44, mx: -1, px: 1, minWidth: 0, justifyContent: "flex-start", color: "text.secondary", fontWeight: 600, "& .MuiButton-endIcon": { ml: "auto" } }}
      >
        {/* One line in a narrow column: the label shortens rather than wraps. */}
        <Box component="span" sx={{ minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", textAlign: "left" }}>
          {b.move}
        </Box>
      </Button>
      <Menu
        id={id}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
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
      </Menu>
    </>
  );
}
