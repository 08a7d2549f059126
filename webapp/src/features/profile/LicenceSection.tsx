// The candidate's access. A B2C candidate's subscription (GetSubscription): its status in
// French, the next renewal or its end, the subscription-management portal
// (/api/payment/portal-session, a browser navigation) once they have a Stripe customer, the
// subscription page while they do not pay, the end of the trial while it lasts. A B2B
// candidate's licence; and, for an agency admin, the licence counts of the agency.
import type { ReactNode } from "react";
import { useQuery } from "@connectrpc/connect-query";
import { Link as RouterLink } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { LoadError } from "../../components/LoadError";
import { AgencyService } from "../../gen/tremplin/agency/v1/agency_pb";
import { BillingService, type Subscription } from "../../gen/tremplin/billing/v1/billing_pb";
import { UserStatus, type User } from "../../gen/tremplin/common/v1/common_pb";
import { formatDate } from "../../lib/format";
import { profileMessages } from "../../lib/messages/profile";
import { SUBSCRIPTION_PATH } from "../../lib/premium";
import { Section } from "./Section";
import { Loading } from "../../components/Loading";

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
  if (user.isB2c) return <SubscriptionSection user={user} />;
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

/**
 * A B2C candidate's subscription, as GetSubscription answers it: its status in French, the next
 * renewal or the end, the portal when the candidate has a Stripe customer (« Gérer mon
 * abonnement »), the subscription page when they do not pay; the trial's end while it lasts.
 */
function SubscriptionSection({ user }: { user: User }) {
  // A failure is this panel's to show (LoadError), not an endless skeleton.
  const query = useQuery(BillingService.method.getSubscription, {}, { meta: { handlesErrors: true } });
  const subscription = query.data?.subscription;
  let body: ReactNode;
  if (query.isError && !subscription) {
    body = <LoadError what={m.what} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else if (!subscription) {
    body = (
      <Loading>
        <Skeleton width="60%" />
        <Skeleton width="40%" />
      </Loading>
    );
  } else {
    body = <SubscriptionFacts user={user} subscription={subscription} />;
  }
  return (
    <Section id="licence" title={m.title}>
      {body}
    </Section>
  );
}

function SubscriptionFacts({ user, subscription }: { user: User; subscription: Subscription }) {
  const rows: [string, string][] = [];
  // The subscription is fresher than the session user (read at start-up).
  const paying = subscription.hasPaid;
  const status = subscription.status;
  const end = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : undefined;
  const inTrial = user.status === UserStatus.IN_TRIAL_PERIOD && user.trialEndDate !== undefined;
  let sentence: string;

  if (status) {
    rows.push([m.status, m.subscription[status] ?? m.subscriptionUnknown]);
    if (end && paying) rows.push(subscription.cancelAtPeriodEnd ? [m.endsOn, end] : [m.renewal, end]);
    else if (end && status === "canceled") rows.push([m.endedOn, end]);
  } else if (paying) {
    rows.push([m.status, m.subscription.active ?? m.subscriptionUnknown]);
  } else if (user.hasFreeAccess) {
    rows.push([m.status, m.freeStatus]);
  } else if (inTrial) {
    rows.push([m.status, m.trialStatus], [m.trialEnd, formatDate(user.trialEndDate)]);
  } else {
    rows.push([m.status, m.trialOverStatus]);
  }
  if (paying) sentence = subscription.cancelAtPeriodEnd && end ? m.cancelled(end) : m.paid;
  else if (user.hasFreeAccess) sentence = m.freeAccess;
  else if (inTrial) sentence = m.trial(formatDate(user.trialEndDate));
  else sentence = m.trialOver;

  const offerSubscription = !paying && !user.hasFreeAccess;
  return (
    <>
      <Typography sx={{ mb: 2 }}>{sentence}</Typography>
      <Facts rows={rows} />
      {status === "past_due" && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {m.pastDue}
        </Alert>
      )}
      {(subscription.canManage || offerSubscription) && (
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "center" }}>
          {subscription.canManage && (
            <Button variant={offerSubscription ? "outlined" : "contained"} href={PORTAL_PATH} aria-describedby="manage-help">
              {m.manage}
            </Button>
          )}
          {offerSubscription && (
            <Button component={RouterLink} to={SUBSCRIPTION_PATH} variant="contained" color="secondary">
              {m.subscribe}
            </Button>
          )}
        </Box>
      )}
      {subscription.canManage && (
        <Typography id="manage-help" variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {m.manageHelp}
        </Typography>
      )}
    </>
  );
}

export function AgencyLicencesSection({ agencyId }: { agencyId: string }) {
  const a = profileMessages.agency;
  // A failure is this panel's to show (LoadError), not four endless skeletons.
  const agency = useQuery(AgencyService.method.getAgency, { id: agencyId }, { meta: { handlesErrors: true } });
  const data = agency.data?.agency;
  const counts: [string, number | undefined][] = [
    [a.total, data?.numTotalLicenses],
    [a.used, data?.numUsedLicenses],
    [a.pending, data?.numPendingLicenses],
    [a.remaining, data?.numRemainingLicenses],
  ];
  return (
    <Section id="agency-licences" title={data?.name ? `${a.title} · ${data.name}` : a.title}>
      {agency.isError && !data ? (
        <LoadError what={a.load} onRetry={() => void agency.refetch()} retrying={agency.isFetching} />
      ) : (
        <Box component="dl" sx={{ display: "grid", gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(4, 1fr)" }, gap: 1.5, m: 0 }}>
          {counts.map(([label, value]) => (
            <Box key={label} sx={{ bgcolor: "background.default", borderRadius: 3, p: 2, display: "flex", flexDirection: "column-reverse", justifyContent: "flex-end" /* at the top: figures level when a label wraps */ }} data-testid="licence-count">
              <Typography component="dt" color="text.secondary" variant="body2">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontSize: "1.75rem", fontWeight: 750 }}>
                {value === undefined ? <Skeleton width={40} /> : value}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}
