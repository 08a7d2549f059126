// /profile (spec section 2): account information for everyone; for candidates the dashboard
// thresholds (anchor #dashboardTresholds), task notifications, the calendar feed, the consent
// to share progress with their agency, the licence or subscription panel and « Mes données » (a
// copy of their data, the deletion of their account); for agency admins
// the agency's licence counts and its API keys; for the platform admin the platform's API keys.
import { useEffect } from "react";
import { useLocation } from "react-router";
import Box from "@mui/material/Box";
import { Role } from "../../gen/tremplin/common/v1/common_pb";
import { PageContainer, PageHeader } from "../../components/layout/PageContainer";
import { profileMessages } from "../../lib/messages/profile";
import { useUser } from "../../lib/session";
import { usePageTitle } from "../../lib/usePageTitle";
import { AccountSection } from "./AccountSection";
import { ApiKeysSection } from "./ApiKeysSection";
import { CalendarFeedSection } from "./CalendarFeedSection";
import { AgencyLicencesSection, LicenceSection } from "./LicenceSection";
import { ConsentSection, NotificationsSection } from "./PreferencesSection";
import { MyDataSection } from "./MyDataSection";
import { ThresholdsSection } from "./ThresholdsSection";
import { WebhooksSection } from "./WebhooksSection";

export default function ProfilePage() {
  usePageTitle(profileMessages.title);
  const user = useUser();
  const { hash } = useLocation();
  const candidate = user.role === Role.CANDIDATE;

  // A link to a panel (the dashboard's « Modifier mes objectifs ») scrolls to it and moves the
  // focus to its heading, once the panel is on screen.
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const frame = requestAnimationFrame(() => {
      const heading = document.getElementById(`${id}-title`);
      document.getElementById(id)?.scrollIntoView({ block: "start" });
      heading?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [hash]);

  return (
    <PageContainer narrow>
      <PageHeader title={profileMessages.title} subtitle={candidate ? profileMessages.subtitle : profileMessages.staffSubtitle} />
      <Box sx={{ display: "grid", gap: { xs: 2, sm: 3 } }}>
        <AccountSection user={user} />
        {candidate && <ThresholdsSection />}
        {candidate && <NotificationsSection user={user} />}
        {candidate && <CalendarFeedSection premium={user.hasPremiumAccess} />}
        {candidate && user.agency?.id && <ConsentSection user={user} />}
        {candidate && <LicenceSection user={user} />}
        {candidate && <MyDataSection />}
        {user.role === Role.AGENCY_ADMIN && user.agency?.id && <AgencyLicencesSection agencyId={user.agency.id} />}
        {user.role === Role.AGENCY_ADMIN && user.agency?.id && <ApiKeysSection />}
        {user.role === Role.AGENCY_ADMIN && user.agency?.id && <WebhooksSection agencyId={user.agency.id} />}
        {user.role === Role.ADMIN && <ApiKeysSection platform />}
      </Box>
    </PageContainer>
  );
}
