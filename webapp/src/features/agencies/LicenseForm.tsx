// The licence modal (spec sections 2 and 5): how many licences to add to an agency's pool
// (required). The request carries an idempotency key, kept while the number stays the same,
// so that a retry after a lost answer adds the licences once.
import { useRef, useState } from "react";
import { useMutation } from "@connectrpc/connect-query";
import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { FormActions } from "../../components/form/layout";
import { AgencyService, type Agency } from "../../gen/tremplin/agency/v1/agency_pb";
import { useToast } from "../../components/Toasts";
import { messages } from "../../lib/messages";
import { agencyMessages } from "../../lib/messages/agency";
import { handledByApp } from "../../lib/queryClient";
import { allocationKey, parseLicenceCount } from "./model";
import { useRefreshAgency } from "../../lib/refresh";

const f = agencyMessages.licenseForm;

export function LicenseForm({ agency, close }: { agency: Agency; close: () => void }) {
  const toast = useToast();
  const refresh = useRefreshAgency();
  const [raw, setRaw] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const key = useRef<{ count: number; key: string } | undefined>(undefined);
  const allocate = useMutation(AgencyService.method.allocateLicenses, { meta: { handlesErrors: true } });

  const check = (value: string): number | undefined => {
    if (!value.trim()) {
      setError(messages.validation.required);
      return undefined;
    }
    const n = parseLicenceCount(value);
    setError(n === undefined ? f.countRange : undefined);
    return n;
  };

  const submit = () => {
    const count = check(raw);
    if (count === undefined) return;
    setFormError(undefined);
    key.current = allocationKey(key.current, count);
    allocate.mutate(
      { id: agency.id, numLicensesToAllocate: count, idempotencyKey: key.current.key },
      {
        onSuccess: () => {
          void refresh();
          toast.success(f.added(count));
          close();
        },
        onError: (err) => {
          if (handledByApp(err)) return;
          // The modal stays open with the number: sending it again reuses the key.
          setFormError(f.error);
          toast.error(f.error);
        },
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={f.title}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{ display: "flex", flexDirection: "column", gap: 2.5 }}
    >
      <Typography color="text.secondary" sx={{ textAlign: "center" }} data-testid="licence-summary">
        {f.summary(agency.name, agency.numTotalLicenses, agency.numRemainingLicenses)}
      </Typography>
      <TextField
        label={f.count}
        required
        autoFocus
        value={raw}
        onChange={(e) => {
          setRaw(e.target.value);
          if (error) check(e.target.value);
        }}
        onBlur={() => raw && check(raw)}
        error={Boolean(error)}
        helperText={error ?? f.countHelp}
        slotProps={{ htmlInput: { inputMode: "numeric", pattern: "[0-9]*" } }}
      />
      <FormActions error={formError} saving={allocate.isPending} onCancel={close} cancelLabel={f.cancel} submitLabel={f.submit} />
    </Box>
  );
}
