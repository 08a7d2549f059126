// Making a candidate B2B (platform admin): a candidate of no agency needs one, chosen here
// among those with a licence left (any, for a candidate with free access, who takes none); a
// candidate of an agency is confirmed as they are. Either way the modal says what it takes: one
// of the agency's licences, and how many remain — or none, free access kept.
import { useState } from "react";
import { useMutation, useQuery } from "@connectrpc/connect-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { LoadError } from "../../components/LoadError";
import { AgencyService, type DefineAsB2BResponse } from "../../gen/tremplin/agency/v1/agency_pb";
import type { User } from "../../gen/tremplin/common/v1/common_pb";
import { agencyMessages } from "../../lib/messages/agency";
import { messages } from "../../lib/messages";
import { fullName } from "./model";

const a = agencyMessages.actions;

export function AgencyChoice({
  candidate,
  close,
  remainingOf,
  onDone,
  onError,
}: {
  candidate: User;
  close: () => void;
  remainingOf: (agencyId: string | undefined) => number | undefined;
  onDone: (res: DefineAsB2BResponse) => void;
  onError: (err: unknown) => void;
}) {
  const needsAgency = !candidate.agency?.id;
  const free = candidate.hasFreeAccess;
  // A failure is said under the agency select (LoadError), which it would otherwise leave empty.
  const agencies = useQuery(AgencyService.method.listAgencies, {}, { enabled: needsAgency, meta: { handlesErrors: true } });
  const left = remainingOf(candidate.agency?.id);
  const [agencyId, setAgencyId] = useState("");
  const [missing, setMissing] = useState(false);
  const define = useMutation(AgencyService.method.defineAsB2B, { meta: { handlesErrors: true } });

  const submit = () => {
    if (needsAgency && !agencyId) {
      setMissing(true);
      return;
    }
    define.mutate(
      { id: candidate.id, agencyId: needsAgency ? agencyId : "" },
      {
        onSuccess: (res) => {
          onDone(res);
          close();
        },
        // The modal stays, its choice kept: the error says why, and the admin tries again or cancels.
        onError,
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{ display: "flex", flexDirection: "column", gap: 2.5 }}
    >
      {needsAgency ? (
        <>
          <Typography color="text.secondary">{free ? a.b2bAgencyIntroFree(fullName(candidate)) : a.b2bAgencyIntro(fullName(candidate))}</Typography>
          {free && <Typography color="text.secondary">{a.b2bKeepsFree}</Typography>}
          {!free && agencies.data && !agencies.data.agencies.some((ag) => ag.numRemainingLicenses > 0) && (
            <Typography color="error">{a.b2bNoneLeft}</Typography>
          )}
          <TextField
            select
            required
            label={a.b2bAgency}
            value={agencyId}
            onChange={(e) => {
              setAgencyId(e.target.value);
              setMissing(false);
            }}
            error={missing}
            helperText={missing ? messages.validation.required : undefined}
          >
            {(agencies.data?.agencies ?? []).map((ag) => (
              // Without free access the candidate takes a licence: an agency with none left
              // cannot be chosen.
              <MenuItem key={ag.id} value={ag.id} disabled={!free && ag.numRemainingLicenses <= 0}>
                {a.b2bAgencyOption(ag.name, ag.numRemainingLicenses)}
              </MenuItem>
            ))}
          </TextField>
          {agencies.isError && !agencies.data && (
            <LoadError what={agencyMessages.candidateForm.loadAgencies} onRetry={() => void agencies.refetch()} retrying={agencies.isFetching} />
          )}
        </>
      ) : (
        <Typography color="text.secondary" sx={{ textAlign: "center" }} data-testid="b2b-consequence">
          {free ? a.b2bKeepsFree : [a.b2bTakesLicence(candidate.agency?.name ?? ""), left === undefined ? "" : a.b2bLeft(Math.max(left - 1, 0))].filter(Boolean).join(" ")}
        </Typography>
      )}
      <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1.25, flexWrap: "wrap-reverse" }}>
        <Button variant="outlined" color="inherit" onClick={close} disabled={define.isPending} sx={{ borderColor: "divider" }}>
          {agencyMessages.candidateForm.cancel}
        </Button>
        <Button type="submit" variant="contained" loading={define.isPending}>
          {a.b2bConfirm}
        </Button>
      </Box>
    </Box>
  );
}
