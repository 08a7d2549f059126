// The read-only cards of /application/{id}: the report of a closed application (outcome and
// comment), the description, the information (salary, source, source details, publication
// date, place, status, reference, links opened safely in a new tab) and the associated contacts.
import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import DescriptionRounded from "@mui/icons-material/DescriptionRounded";
import DoNotDisturbOnRounded from "@mui/icons-material/DoNotDisturbOnRounded";
import EmojiEventsRounded from "@mui/icons-material/EmojiEventsRounded";
import InfoOutlined from "@mui/icons-material/InfoOutlined";
import PeopleAltRounded from "@mui/icons-material/PeopleAltRounded";
import Card from "@mui/material/Card";
import { ApplicationStatus, type Application } from "../../../gen/tremplin/opportunity/v1/opportunity_pb";
import { formatDate } from "../../../lib/format";
import { safeExternalHref } from "../../../lib/links";
import { applicationMessages } from "../../../lib/messages/applications";
import { brand } from "../../../lib/theme";
import { applicationSourceLabel } from "../labels";
import { StatusChip } from "../list/StatusChip";
import { None } from "./parts";
import { ResourceLinks } from "../../../components/resources/ResourceLinks";
import { EmptyLine, Panel, Row } from "../../../components/DetailsPanel";
import { personName } from "../../../lib/names";

const d = applicationMessages.details;

/** Only web addresses open from a resource (http or https), in a new tab, without the opener. */
export function webHref(url: string): string | undefined {
  const href = safeExternalHref(url);
  return href && /^https?:\/\//i.test(href) ? href : undefined;
}

export function ReportCard({ application }: { application: Application }) {
  const win = application.status === ApplicationStatus.WIN;
  const tone = win ? { fg: "#166534", bg: "#F0FDF4", border: "#BBF7D0" } : { fg: "#991B1B", bg: "#FEF2F2", border: "#FECACA" };
  return (
    <Card component="section" aria-labelledby="application-report" data-testid="application-report" sx={{ p: { xs: 2.5, sm: 3 }, bgcolor: tone.bg, borderColor: tone.border }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, mb: 1 }}>
        <Box sx={{ color: tone.fg, display: "flex" }} aria-hidden>
          {win ? <EmojiEventsRounded /> : <DoNotDisturbOnRounded />}
        </Box>
        <Typography id="application-report" variant="h3" component="h2" sx={{ flex: 1 }}>
          {d.report}
        </Typography>
      </Box>
      <Typography sx={{ fontWeight: 700, color: tone.fg }} data-testid="report-outcome">
        {win ? d.reportWin : d.reportLost}
      </Typography>
      {application.comment ? (
        <Typography sx={{ mt: 1, whiteSpace: "pre-wrap" }} data-testid="report-comment">
          {application.comment}
        </Typography>
      ) : (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {d.reportNoComment}
        </Typography>
      )}
    </Card>
  );
}

export function DescriptionCard({ application }: { application: Application }) {
  return (
    <Panel id="application-description" title={d.description} icon={<DescriptionRounded />}>
      {application.description ? <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{application.description}</Typography> : <EmptyLine>{d.noDescription}</EmptyLine>}
    </Panel>
  );
}

export function InformationCard({ application }: { application: Application }) {
  const a = application;
  const text = (v: string) => (v ? <Typography>{v}</Typography> : <None />);
  return (
    <Panel id="application-info" title={d.info} icon={<InfoOutlined />}>
      <Box component="dl" sx={{ m: 0 }}>
        <Row label={d.status}>
          <StatusChip status={a.status} testId="application-status" />
        </Row>
        <Row label={d.salary}>{text(a.salary)}</Row>
        <Row label={d.source}>{text(applicationSourceLabel(a.source))}</Row>
        <Row label={d.sourceDetails}>{text(a.sourceDetails)}</Row>
        <Row label={d.dateOfPublication}>{text(formatDate(a.dateOfPublication))}</Row>
        <Row label={d.place}>{text(a.place)}</Row>
        {a.reference && <Row label={d.reference}>{text(a.reference)}</Row>}
        <Row label={d.resources}>
          <ResourceLinks resources={a.resources} href={webHref} newTab={d.opensInNewTab} empty={<None />} />
        </Row>
      </Box>
    </Panel>
  );
}

export function ContactsCard({ application }: { application: Application }) {
  return (
    <Panel id="application-contacts" title={d.contacts} icon={<PeopleAltRounded />}>
      {application.contacts.length === 0 ? (
        <EmptyLine>{d.noContacts}</EmptyLine>
      ) : (
        <Box component="ul" data-testid="application-contacts" sx={{ listStyle: "none", p: 0, m: 0 }}>
          {application.contacts.map((c) => (
            <Box component="li" key={c.id} sx={{ py: 1, borderTop: `1px solid ${brand.border}`, "&:first-of-type": { borderTop: 0, pt: 0 } }}>
              <Link component={RouterLink} to={`/contact/${c.id}`} color="text.primary" sx={{ fontWeight: 600 }}>
                {personName(c)}
              </Link>
              {c.company && (
                <Typography variant="body2" color="text.secondary">
                  {c.company}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      )}
    </Panel>
  );
}
