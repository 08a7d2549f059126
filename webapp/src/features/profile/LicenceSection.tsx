// The candidate's access: a paying B2C candidate gets the subscription-management portal
// (/api/payment/portal-session, a browser navigation), a B2C candidate on trial the end of the
// trial and the way to subscribe, a B2B candidate their licence; and, for an agency admin, the
// licence counts of the agency.
import { useQuery } from "@connectrpc/connect-query";
import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { AgencyService } from "../../gen/tremplin/agency/v1/agency_pb";
import { UserStatus, type User } from "../../gen/tremplin/common/v1/common_pb";
import { formatDate } from "../../lib/format";
import { profileMessages } from "../../lib/messages/profile";
import { SUBSCRIPTION_PATH } from "../../lib/premium";
import { Section } from "./Section";

const m = profileMessages.licence;

export const PORTAL_PATH = "/api/payment/portal-session";

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 2, rowGap: 0.75, m: 0, mb: 2 }}>
      {rows.map(([term, value]) => (
        <Box key={term} sx={{ display: "contents" }}>
          <Typography component="dt" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function licenceStatus(user: User): string {
  switch (user.status) {
    case UserStatus.WITH_VALID_LICENSE:
      return m.statuses.valid;
    case UserStatus.WITH_PENDING_LICENSE:
      return m.statuses.pending;
    case UserStatus.WITH_EXPIRED_LICENSE:
      return m.statuses.expired;
    default:
      return m.statuses.none;
  }
}

export function LicenceSection({ user }: { user: User }) {
  if (user.isB2c) {
    return (
      <Section id="licence" title={m.title}>
        {user.hasPaid ? (
          <>
            <Typography sx={{ mb: 2 }}>{m.paid}</Typography>
            <Button variant="contained" href={PORTAL_PATH}>
              {m.manage}
            </Button>
          </>
        ) : user.hasFreeAccess ? (
          <Typography>{m.freeAccess}</Typography>
        ) : (
          <>
            <Typography sx={{ mb: 2 }}>
              {user.status === UserStatus.IN_TRIAL_PERIOD && user.trialEndDate ? m.trial(formatDate(user.trialEndDate)) : m.trialOver}
            </Typography>
            <Button component={RouterLink} to={SUBSCRIPTION_PATH} variant="contained" color="secondary">
              {m.subscribe}
            </Button>
          </>
        )}
      </Section>
    );
  }
  const licence = user.license;
  const rows: [string, string][] = [[m.status, user.hasFreeAccess ? m.freeAccess : licenceStatus(user)]];
  if (user.agency?.name) rows.push([m.agency, user.agency.name]);
  if (licence?.activationDate) rows.push([m.activation, formatDate(licence.activationDate)]);
  if (licence?.expirationDate) {
    const expired = user.status === UserStatus.WITH_EXPIRED_LICENSE;
    rows.push([expired ? m.expired : m.expiration, formatDate(licence.expirationDate)]);
  }
  return (
    <Section id="licence" title={m.titleB2B}>
      <Facts rows={rows} />
    </Section>
  );
}

export function AgencyLicencesSection({ agencyId }: { agencyId: string }) {
  const a = profileMessages.agency;
  const agency = useQuery(AgencyService.method.getAgency, { id: agencyId });
  const data = agency.data?.agency;
  const counts: [string, number | undefined][] = [
    [a.total, data?.numTotalLicenses],
    [a.used, data?.numUsedLicenses],
    [a.pending, data?.numPendingLicenses],
    [a.remaining, data?.numRemainingLicenses],
  ];
  return (
    <Section id="agency-licences" title={data?.name ? `${a.title} · ${data.name}` : a.title}>
      <Box component="dl" sx={{ display: "grid", gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(4, 1fr)" }, gap: 1.5, m: 0 }}>
        {counts.map(([label, value]) => (
          <Box key={label} sx={{ bgcolor: "background.default", borderRadius: 3, p: 2, display: "flex", flexDirection: "column-reverse" }} data-testid="licence-count">
            <Typography component="dt" color="text.secondary" variant="body2">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontSize: "1.75rem", fontWeight: 750 }}>
              {value === undefined ? <Skeleton width={40} /> : value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}
