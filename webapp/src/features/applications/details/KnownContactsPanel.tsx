// « Qui je connais là-bas ? »: the candidate's contacts at the application's company (accent-,
// case- and legal-form-insensitive, matched by the server), each with their job, rank and the
// intermediaries through whom the candidate knows them; « Associer » links one to the
// application in one click, while it is open.
import { Link as RouterLink } from "react-router";
import { useMutation, useQuery } from "@connectrpc/connect-query";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import CheckRounded from "@mui/icons-material/CheckRounded";
import LinkRounded from "@mui/icons-material/LinkRounded";
import TravelExploreRounded from "@mui/icons-material/TravelExploreRounded";
import type { ContactRef } from "../../../gen/tremplin/common/v1/common_pb";
import { OpportunityService, type Application, type KnownContact } from "../../../gen/tremplin/opportunity/v1/opportunity_pb";
import { useToast } from "../../../components/Toasts";
import { errorReason } from "../../../lib/errors";
import { applicationMessages } from "../../../lib/messages/applications";
import { handledByApp } from "../../../lib/queryClient";
import { brand } from "../../../lib/theme";
import { EmptyLine, Panel, PanelContent } from "../../../components/DetailsPanel";
import { personName, initials } from "../../../lib/names";
import { useRefreshApplications } from "../../../lib/refresh";

const k = applicationMessages.known;
const t = applicationMessages.toasts;

const nameOf = (c: Pick<ContactRef, "firstName" | "lastName">) => personName(c);

export function KnownContactsPanel({ application, open }: { application: Application; open: boolean }) {
  const known = useQuery(OpportunityService.method.listKnownContacts, { id: application.id }, { meta: { handlesErrors: true } });
  const list = known.data?.knownContacts ?? [];
  return (
    <Panel id="application-known" title={k.title} icon={<TravelExploreRounded />}>
      {/* Its empty state has a title and a text: the children's, not PanelContent's line. */}
      <PanelContent query={known} what={k.load} empty={false} emptyText="">
        {list.length === 0 ? (
          <EmptyLine>
            <Box component="span" sx={{ display: "block", fontWeight: 600, color: "text.primary", mb: 0.5 }}>
              {k.emptyTitle}
            </Box>
            {k.emptyText(application.company)}
          </EmptyLine>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {k.intro(application.company)}
            </Typography>
            {!open && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, fontStyle: "italic" }}>
                {k.closed}
              </Typography>
            )}
            <Box component="ul" data-testid="known-contacts" sx={{ listStyle: "none", p: 0, m: 0, display: "flex", flexDirection: "column", gap: 1.25 }}>
              {list.map((kc) => (
                <KnownLine key={kc.contact?.id} applicationId={application.id} known={kc} open={open} />
              ))}
            </Box>
          </>
        )}
      </PanelContent>
    </Panel>
  );
}

function KnownLine({ applicationId, known, open }: { applicationId: string; known: KnownContact; open: boolean }) {
  const toast = useToast();
  const refresh = useRefreshApplications();
  const add = useMutation(OpportunityService.method.addApplicationContact, { meta: { handlesErrors: true } });
  const contact = known.contact;
  if (!contact) return null;
  const name = nameOf(contact);
  const chain = known.intermediaries.map(nameOf).join(" → ");
  const associate = () =>
    add.mutate(
      { id: applicationId, contactId: contact.id },
      {
        onSuccess: () => {
          toast.success(t.associated(name));
          void refresh();
        },
        onError: (err) => {
          if (handledByApp(err)) return;
          if (errorReason(err) === "APPLICATION_CLOSED") toast.error(t.closed);
          else toast.error(t.associateError);
          void refresh();
        },
      },
    );
  // Shown as associated as soon as the call succeeds, before the refetch confirms it.
  const associated = known.associated || add.isSuccess;
  return (
    <Box
      component="li"
      data-testid="known-contact"
      sx={{ display: "flex", alignItems: { xs: "flex-start", sm: "center" }, gap: 1.5, p: 1.5, borderRadius: "12px", border: `1px solid ${brand.border}`, flexWrap: { xs: "wrap", sm: "nowrap" } }}
    >
      <Avatar sx={{ width: 40, height: 40, fontSize: "0.9rem", bgcolor: brand.primaryLight, color: "primary.main", fontWeight: 700 }}>{initials(contact)}</Avatar>
      {/* On a phone the info takes the row beside the avatar; the button goes below it. */}
      <Box sx={{ minWidth: 0, flex: { xs: "1 1 calc(100% - 56px)", sm: 1 } }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <Link component={RouterLink} to={`/contact/${contact.id}`} color="text.primary" sx={{ fontWeight: 700 }}>
            {name}
          </Link>
          <Chip size="small" label={k.rank(known.rank)} sx={{ height: 22, fontWeight: 600, bgcolor: "#F1F5F9", color: "#334155" }} />
        </Box>
        {known.job && (
          <Typography variant="body2" color="text.secondary">
            {known.job}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" data-testid="known-chain">
          {chain ? k.via(chain) : k.direct}
        </Typography>
      </Box>
      {associated ? (
        <Chip icon={<CheckRounded />} label={k.associated} color="success" variant="outlined" sx={{ fontWeight: 600, ml: { xs: 6.5, sm: 0 }, flex: "none" }} data-testid="known-associated" />
      ) : open ? (
        <Button variant="outlined" size="small" startIcon={<LinkRounded />} loading={add.isPending} onClick={associate} aria-label={k.associateLabel(name)} sx={{ ml: { xs: 6.5, sm: 0 }, flex: "none" }}>
          {k.associate}
        </Button>
      ) : null}
    </Box>
  );
}
