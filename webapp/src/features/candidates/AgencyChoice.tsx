// Making a candidate B2B (platform admin): a candidate of no agency needs one, chosen here; a
// candidate of an agency is confirmed as they are.
import { useState } from "react";
import { useMutation, useQuery } from "@connectrpc/connect-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { AgencyService, type DefineAsB2BResponse } from "../../gen/tremplin/agency/v1/agency_pb";
import type { User } from "../../gen/tremplin/common/v1/common_pb";
import { agencyMessages } from "../../lib/messages/agency";
import { messages } from "../../lib/messages";
import { fullName } from "./model";

const a = agencyMessages.actions;

export function AgencyChoice({
  candidate,
  close,
  onDone,
  onError,
}: {
  candidate: User;
  close: () => void;
  onDone: (res: DefineAsB2BResponse) => void;
  onError: (err: unknown) => void;
}) {
  const needsAgency = !candidate.agency?.id;
  const agencies = useQuery(AgencyService.method.listAgencies, {}, { enabled: needsAgency });
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
        onError: (err) => {
          onError(err);
          close();
        },
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
          <Typography color="text.secondary">{a.b2bAgencyIntro(fullName(candidate))}</Typography>
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
              <MenuItem key={ag.id} value={ag.id}>
                {ag.name}
              </MenuItem>
            ))}
          </TextField>
        </>
      ) : (
        <Typography color="text.secondary" sx={{ textAlign: "center" }}>
          {agencyMessages.candidateForm.b2bHelp} ({candidate.agency?.name})
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
