// The contacts of one page of the list: a table on desktop and tablet (spec columns), cards
// under 768 px.
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import Link from "@mui/material/Link";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import AccountTreeRounded from "@mui/icons-material/AccountTreeRounded";
import MailOutlineRounded from "@mui/icons-material/MailOutlineRounded";
import PhoneRounded from "@mui/icons-material/PhoneRounded";
import SmartphoneRounded from "@mui/icons-material/SmartphoneRounded";
import WorkOutlineRounded from "@mui/icons-material/WorkOutlineRounded";
import type { Contact } from "../../gen/tremplin/network/v1/network_pb";
import { HiddenHeaderCell, ListTable } from "../../components/ListTable";
import { cardLink, wholeCard } from "../../components/cardLink";
import { mailtoHref, telHref } from "../../lib/links";
import { brand } from "../../lib/theme";
import { networkMessages } from "../../lib/messages/network";
import { ContactActionsMenu, type ActionHandlers } from "./ContactActionsMenu";
import { jobAndCompany, rankLabel } from "./names";
import { firstNameCase, lastNameCase } from "../../lib/names";
import { StatusChip } from "./StatusChip";

const c = networkMessages.list.columns;

export type RowHandlers = (contact: Contact) => ActionHandlers;

function NameLink({ contact, card = false }: { contact: Contact; card?: boolean }) {
  return (
    <Link
      component={RouterLink}
      to={`/contact/${contact.id}`}
      underline="hover"
      color="text.primary"
      data-card-link={card || undefined}
      sx={{ fontWeight: 400, ...(card ? cardLink : {}) }}
    >
      <Box component="span" sx={{ fontWeight: 700, letterSpacing: "0.01em" }}>
        {lastNameCase(contact.lastName)}
      </Box>{" "}
      {firstNameCase(contact.firstName)}
    </Link>
  );
}

function ApplicationMark() {
  return (
    <Tooltip title={networkMessages.list.linkedToApplication}>
      <Box
        component="span"
        role="img"
        aria-label={networkMessages.list.linkedToApplication}
        sx={{ display: "inline-grid", placeItems: "center", width: 22, height: 22, borderRadius: "6px", bgcolor: brand.primaryLight, color: "primary.main", fontWeight: 800, fontSize: "0.8125rem" }}
      >
        X
      </Box>
    </Tooltip>
  );
}

function Phones({ contact }: { contact: Contact }) {
  if (!contact.mobileNumber && !contact.phoneNumber) return <Muted />;
  return (
    <Box sx={{ display: "flex", flexDirection: "column", whiteSpace: "nowrap" }}>
      {contact.mobileNumber && <span>{contact.mobileNumber}</span>}
      {contact.phoneNumber && <span>{contact.phoneNumber}</span>}
    </Box>
  );
}

function Muted() {
  return (
    <Box component="span" sx={{ color: "text.disabled" }} aria-hidden>
      —
    </Box>
  );
}

export function ContactTable({ contacts, handlers }: { contacts: readonly Contact[]; handlers: RowHandlers }) {
  return (
    <ListTable label={networkMessages.list.title} minWidth={920} sx={{ tableLayout: "fixed", "& td, & th": { px: 1.25, py: 1.25 }, "& th": { whiteSpace: "nowrap" } }}>
      <colgroup>
        <col style={{ width: "16%" }} />
        <col style={{ width: "10%" }} />
        <col style={{ width: "15%" }} />
        <col style={{ width: "13%" }} />
        <col style={{ width: "16%" }} />
        <col style={{ width: "15%" }} />
        <col style={{ width: "10%" }} />
        <col style={{ width: "5%" }} />
      </colgroup>
      <TableHead>
        <TableRow>
          <TableCell>{c.name}</TableCell>
          <TableCell align="center">{c.application}</TableCell>
          <TableCell>{c.company}</TableCell>
          <TableCell>{c.phone}</TableCell>
          <TableCell>{c.email}</TableCell>
          <TableCell>{c.rank}</TableCell>
          <TableCell>{c.status}</TableCell>
          <HiddenHeaderCell label={c.actions} align="right" />
        </TableRow>
      </TableHead>
      <TableBody>
        {contacts.map((contact) => (
          <TableRow key={contact.id} hover data-testid="contact-row" sx={{ "&:last-child td": { borderBottom: 0 } }}>
            <TableCell>
              <NameLink contact={contact} />
            </TableCell>
            <TableCell align="center">{contact.hasApplication ? <ApplicationMark /> : null}</TableCell>
            <TableCell>
              {contact.company || contact.job ? (
                <>
                  <Typography variant="body2" noWrap title={contact.company}>
                    {contact.company || <Muted />}
                  </Typography>
                  {contact.job && (
                    <Typography variant="caption" color="text.secondary" noWrap component="div" title={contact.job}>
                      {contact.job}
                    </Typography>
                  )}
                </>
              ) : (
                <Muted />
              )}
            </TableCell>
            <TableCell>
              <Phones contact={contact} />
            </TableCell>
            <TableCell>
              {contact.email ? (
                <Typography variant="body2" noWrap title={contact.email}>
                  {contact.email}
                </Typography>
              ) : (
                <Muted />
              )}
            </TableCell>
            <TableCell data-testid="contact-rank" sx={{ lineHeight: 1.4 }}>
              {rankLabel(contact)}
            </TableCell>
            <TableCell>
              <StatusChip status={contact.status} />
            </TableCell>
            <TableCell align="right">
              <ContactActionsMenu contact={contact} handlers={handlers(contact)} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ListTable>
  );
}

/**
 * A phone or e-mail line of a card: a link that calls or writes, as a phone expects, as tall as
 * a fingertip (44 px).
 */
function Line({ icon, href, children }: { icon: ReactNode; href: string; children: ReactNode }) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0, color: "text.secondary", "& svg": { fontSize: 16, flex: "none" } }}>
      {icon}
      <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
        <Link href={href} sx={{ color: "text.primary", display: "block", lineHeight: "44px", overflow: "hidden", textOverflow: "ellipsis" }}>
          {children}
        </Link>
      </Typography>
    </Box>
  );
}

export function ContactCards({ contacts, handlers }: { contacts: readonly Contact[]; handlers: RowHandlers }) {
  return (
    <Box component="ul" aria-label={networkMessages.list.title} sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1.5 }}>
      {contacts.map((contact) => (
        <Card component="li" key={contact.id} data-testid="contact-card" sx={{ ...wholeCard, p: 2, display: "flex", flexDirection: "column", gap: 1 }}>
          <Box sx={{ display: "flex", alignItems: "flex-start", gap: 1 }}>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography sx={{ fontSize: "1.0625rem", lineHeight: 1.35 }}>
                <NameLink contact={contact} card />
              </Typography>
              {(contact.job || contact.company) && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
                  {jobAndCompany(contact)}
                </Typography>
              )}
            </Box>
            <StatusChip status={contact.status} />
            <Box sx={{ mt: -0.5, mr: -1 }}>
              <ContactActionsMenu contact={contact} handlers={handlers(contact)} />
            </Box>
          </Box>
          {(contact.mobileNumber || contact.phoneNumber || contact.email) && (
            <Box sx={{ display: "flex", flexDirection: "column", my: -0.75 }}>
              {contact.mobileNumber && <Line icon={<SmartphoneRounded />} href={telHref(contact.mobileNumber)}>{contact.mobileNumber}</Line>}
              {contact.phoneNumber && <Line icon={<PhoneRounded />} href={telHref(contact.phoneNumber)}>{contact.phoneNumber}</Line>}
              {contact.email && <Line icon={<MailOutlineRounded />} href={mailtoHref(contact.email)}>{contact.email}</Line>}
            </Box>
          )}
          <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, pt: 1, borderTop: `1px solid ${brand.border}`, flexWrap: "wrap" }}>
            <Box sx={{ display: "flex", alignItems: "center", gap: 0.75, color: "text.secondary", minWidth: 0 }}>
              <AccountTreeRounded sx={{ fontSize: 16 }} />
              <Typography variant="body2" data-testid="contact-rank" title={`${c.rank} ${rankLabel(contact)}`}>
                {rankLabel(contact)}
              </Typography>
            </Box>
            {contact.hasApplication && (
              <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, ml: "auto", color: "primary.main" }}>
                <WorkOutlineRounded sx={{ fontSize: 16 }} />
                <Typography variant="caption" sx={{ fontWeight: 600 }}>
                  {networkMessages.list.linkedToApplication}
                </Typography>
              </Box>
            )}
          </Box>
        </Card>
      ))}
    </Box>
  );
}
