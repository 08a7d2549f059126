// The applications of the list: a table on desktop and tablet (the spec's columns: action,
// subject, reference, salary, source, source details, date of publication, place, status),
// cards under 768 px — a whole card opens the application.
import type { DragEventHandler, ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import Link from "@mui/material/Link";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import CalendarTodayRounded from "@mui/icons-material/CalendarTodayRounded";
import EuroRounded from "@mui/icons-material/EuroRounded";
import PlaceOutlined from "@mui/icons-material/PlaceOutlined";
import TagRounded from "@mui/icons-material/TagRounded";
import type { Application } from "../../../gen/tremplin/opportunity/v1/opportunity_pb";
import { HiddenHeaderCell, ListTable } from "../../../components/ListTable";
import { cardLink, wholeCard } from "../../../components/cardLink";
import { visuallyHidden } from "../../../components/PremiumBadge";
import { formatDate } from "../../../lib/format";
import { applicationListMessages } from "../../../lib/messages/applicationList";
import { brand } from "../../../lib/theme";
import { ApplicationActionsMenu, type RowHandlers } from "./ApplicationActionsMenu";
import { sourceLabel } from "./model";
import { StatusChip } from "./StatusChip";

const m = applicationListMessages;
const c = m.columns;

function Muted() {
  return (
    <Box component="span" sx={{ color: "text.disabled" }} aria-hidden>
      —
    </Box>
  );
}

/** A cell's text, whole: it wraps within its column rather than being cut with « … ». */
function Text({ value }: { value: string }) {
  return value ? (
    <Typography variant="body2" sx={{ overflowWrap: "break-word" }}>
      {value}
    </Typography>
  ) : (
    <Muted />
  );
}

export function ApplicationTable({ applications, handlers }: { applications: readonly Application[]; handlers: RowHandlers }) {
  return (
    <ListTable
      label={m.title}
      minWidth={1000}
      // Headers wrap too: « Détails de la source » never runs into « Publication ».
      sx={{ tableLayout: "fixed", "& td, & th": { px: 1.25, py: 1.25, verticalAlign: "top" }, "& th": { verticalAlign: "bottom" } }}
    >
      <colgroup>
        {/* The texts wrap, so the room goes to those that run long (company and job, place,
            reference); the date and the status chip keep one line. */}
        <col style={{ width: "52px" }} />
        <col style={{ width: "24%" }} />
        <col style={{ width: "12%" }} />
        <col style={{ width: "9%" }} />
        <col style={{ width: "10%" }} />
        <col style={{ width: "12%" }} />
        <col style={{ width: "104px" }} />
        <col style={{ width: "12%" }} />
        <col style={{ width: "116px" }} />
      </colgroup>
      <TableHead>
        <TableRow>
          <HiddenHeaderCell label={c.actions} />
          <TableCell>{c.subject}</TableCell>
          <TableCell>{c.reference}</TableCell>
          <TableCell>{c.salary}</TableCell>
          <TableCell>{c.source}</TableCell>
          <TableCell>{c.sourceDetails}</TableCell>
          <TableCell>{c.publication}</TableCell>
          <TableCell>{c.place}</TableCell>
          <TableCell>{c.status}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {applications.map((a) => (
          <TableRow key={a.id} hover data-testid="application-row" sx={{ "&:last-child td": { borderBottom: 0 } }}>
            <TableCell sx={{ "&&": { py: 0.25, px: 0.5 } }}>
              <ApplicationActionsMenu application={a} handlers={handlers(a)} />
            </TableCell>
            <TableCell>
              <Link
                component={RouterLink}
                to={`/application/${a.id}`}
                underline="hover"
                color="text.primary"
                sx={{ fontWeight: 700, display: "block", overflowWrap: "break-word" }}
              >
                {a.company}
              </Link>
              <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: "break-word" }}>
                {a.job}
              </Typography>
            </TableCell>
            <TableCell>
              <Text value={a.reference} />
            </TableCell>
            <TableCell>
              <Text value={a.salary} />
            </TableCell>
            <TableCell>
              <Text value={sourceLabel(a.source)} />
            </TableCell>
            <TableCell>
              <Text value={a.sourceDetails} />
            </TableCell>
            <TableCell sx={{ whiteSpace: "nowrap" }}>{a.dateOfPublication ? formatDate(a.dateOfPublication) : <Muted />}</TableCell>
            <TableCell>
              <Text value={a.place} />
            </TableCell>
            <TableCell>
              <StatusChip status={a.status} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ListTable>
  );
}

function Fact({ icon, children, label }: { icon: ReactNode; children: ReactNode; label?: string }) {
  return (
    <Box sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, minWidth: 0, color: "text.secondary", "& svg": { fontSize: 16, flex: "none" } }}>
      {icon}
      {label && (
        <Box component="span" sx={visuallyHidden}>
          {label}
        </Box>
      )}
      <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * The card of one application: a link on its title stretched over the whole card (the card
 * opens the application wherever it is tapped), the actions menu above it.
 */
export type CardDrag = {
  draggable: boolean;
  onDragStart: DragEventHandler;
  onDragEnd: DragEventHandler;
  /** The id of the text explaining how to move the card. */
  describedBy?: string;
  /** Its move is under way. */
  dimmed: boolean;
};

export function ApplicationCard({
  application: a,
  handlers,
  footer,
  compact = false,
  drag,
  testId = "application-card",
}: {
  application: Application;
  handlers?: RowHandlers;
  footer?: ReactNode;
  /** The board's card: place and salary only. */
  compact?: boolean;
  drag?: CardDrag;
  testId?: string;
}) {
  const source = [sourceLabel(a.source), a.sourceDetails].filter(Boolean).join(" · ");
  const facts = compact ? a.place || a.salary : a.place || a.salary || a.reference || a.dateOfPublication;
  return (
    <Card
      component="li"
      data-testid={testId}
      data-company={a.company}
      data-application-id={a.id}
      draggable={drag?.draggable}
      onDragStart={drag?.onDragStart}
      onDragEnd={drag?.onDragEnd}
      aria-describedby={drag?.draggable ? drag.describedBy : undefined}
      sx={{
        ...wholeCard,
        cursor: drag?.draggable ? "grab" : "pointer",
        // A card whose move is under way: outlined (not faded: its text keeps its contrast).
        outline: drag?.dimmed ? `2px dashed ${brand.primary}` : undefined,
        outlineOffset: 2,
        p: 2,
        display: "flex",
        flexDirection: "column",
        gap: 1,
        transition: "border-color .15s, box-shadow .15s",
        "&:hover": { borderColor: brand.primary },
        "&:focus-within": { borderColor: brand.primary },
        // The card's link has the keyboard: the whole card is outlined (the card clips what
        // its link would draw past its edge).
        "&:has([data-card-link]:focus-visible)": { outline: `3px solid ${brand.primary}`, outlineOffset: 2 },
      }}
    >
      <Box sx={{ display: "flex", alignItems: "flex-start", gap: 1 }}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Link
            component={RouterLink}
            to={`/application/${a.id}`}
            draggable={drag ? false : undefined}
            underline="none"
            color="text.primary"
            data-card-link
            sx={{
              fontWeight: 700,
              fontSize: "1.0625rem",
              lineHeight: 1.35,
              display: "block",
              minHeight: 24,
              ...cardLink,
              "&:focus-visible": { outline: "none" },
            }}
          >
            {a.company}
            <Box component="span" sx={visuallyHidden}>
              {" — "}
            </Box>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: "block", fontWeight: 400, mt: 0.25 }}>
              {a.job}
            </Typography>
          </Link>
        </Box>
        {/* On the board, the column tells the status. */}
        {!compact && <StatusChip status={a.status} />}
        {handlers && (
          <Box sx={{ mt: -1, mr: -1 }}>
            <ApplicationActionsMenu application={a} handlers={handlers(a)} />
          </Box>
        )}
      </Box>
      {facts && (
        <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 2, rowGap: 0.5 }}>
          {a.place && <Fact icon={<PlaceOutlined />} label={c.place}>{a.place}</Fact>}
          {a.salary && <Fact icon={<EuroRounded />} label={c.salary}>{a.salary}</Fact>}
          {!compact && a.reference && <Fact icon={<TagRounded />} label={c.reference}>{a.reference}</Fact>}
          {!compact && a.dateOfPublication && <Fact icon={<CalendarTodayRounded />}>{m.card.publication(formatDate(a.dateOfPublication))}</Fact>}
        </Box>
      )}
      {((source && !compact) || footer) && (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, pt: compact ? 0.5 : 1, mb: compact ? -1 : 0, borderTop: `1px solid ${brand.border}`, flexWrap: "wrap", minHeight: 32 }}>
          {source && !compact && (
            <Typography variant="body2" color="text.secondary" noWrap sx={{ minWidth: 0, flex: 1 }}>
              <Box component="span" sx={visuallyHidden}>
                {`${c.source} `}
              </Box>
              {source}
            </Typography>
          )}
          {footer && <Box sx={{ ml: "auto", flex: compact ? 1 : undefined, display: "flex", justifyContent: "flex-end" }}>{footer}</Box>}
        </Box>
      )}
    </Card>
  );
}

export function ApplicationCards({ applications, handlers }: { applications: readonly Application[]; handlers: RowHandlers }) {
  return (
    <Box component="ul" aria-label={m.title} sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1.5 }}>
      {applications.map((a) => (
        <ApplicationCard key={a.id} application={a} handlers={handlers} />
      ))}
    </Box>
  );
}
