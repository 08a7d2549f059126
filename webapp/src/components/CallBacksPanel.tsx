// « À relancer cette semaine » (the home and the dashboard): the few contacts the candidate has
// not been in touch with for longer than their rhythm, the longest overdue first, each with one
// tap to plan a follow-up (the task form, prefilled with the contact and « Relance »). Premium:
// nothing shows without it, nor when nobody is due; a failed call shows the panel with a
// LoadError in place of its rows (silence would read as « nobody to call back »).
import { Link as RouterLink } from "react-router";
import { useQuery } from "@connectrpc/connect-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import AddTaskRounded from "@mui/icons-material/AddTaskRounded";
import PhoneCallbackRounded from "@mui/icons-material/PhoneCallbackRounded";
import { TaskSubject } from "../gen/tremplin/activity/v1/activity_pb";
import { NetworkService } from "../gen/tremplin/network/v1/network_pb";
import { formatDate } from "../lib/format";
import { networkMessages } from "../lib/messages/network";
import { personName } from "../lib/names";
import { useUser } from "../lib/session";
import { brand } from "../lib/theme";
import { useActivityModals } from "./activity/useActivityModals";
import { IconBadge } from "./IconBadge";
import { LoadError } from "./LoadError";

const m = networkMessages.callBacks;

export function CallBacksPanel({ limit = 5 }: { limit?: number }) {
  const premium = useUser().hasPremiumAccess;
  const modals = useActivityModals();
  const res = useQuery(NetworkService.method.listCallBacks, {}, { enabled: premium, meta: { handlesErrors: true } });
  const due = res.data?.callBacks ?? [];
  const failed = res.isError && !res.data;
  if (!premium || (due.length === 0 && !failed)) return null;
  return (
    <Card component="section" aria-labelledby="call-backs-title" data-testid="call-backs" sx={{ p: { xs: 2.5, sm: 3 }, mb: 3 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, mb: 0.5 }}>
        <IconBadge tone="accent" size={36}>
          <PhoneCallbackRounded />
        </IconBadge>
        <Typography id="call-backs-title" variant="h3" component="h2">
          {m.title}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {m.intro}
      </Typography>
      {failed ? (
        <LoadError what={m.load} onRetry={() => void res.refetch()} retrying={res.isFetching} />
      ) : (
        <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
          {due.slice(0, limit).map(({ contact, lastTouch }) => {
            if (!contact) return null;
            const name = personName(contact);
            return (
              <Box
                component="li"
                key={contact.id}
                data-testid="call-back"
                sx={{ display: "flex", alignItems: "center", gap: 1.5, py: 1.25, borderTop: `1px solid ${brand.border}`, "&:first-of-type": { borderTop: 0 } }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Link component={RouterLink} to={`/contact/${contact.id}`} sx={{ fontWeight: 650, overflowWrap: "anywhere", display: "inline-block" }}>
                    {name}
                  </Link>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
                    {[contact.company, lastTouch ? m.lastTouch(formatDate(lastTouch)) : m.never].filter(Boolean).join(" · ")}
                  </Typography>
                </Box>
                <Button
                  variant="outlined"
                  startIcon={<AddTaskRounded />}
                  aria-label={m.planFor(name)}
                  onClick={() => modals.createTask({ contactId: contact.id, subject: TaskSubject.REMINDER })}
                  sx={{ flexShrink: 0 }}
                >
                  {m.plan}
                </Button>
              </Box>
            );
          })}
        </Box>
      )}
      {due.length > limit && (
        <Button component={RouterLink} to="/contacts" state={{ callBack: true }} sx={{ mt: 1, px: 0 }}>
          {m.seeAll(due.length)}
        </Button>
      )}
    </Card>
  );
}
