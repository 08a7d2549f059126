// The intermediary picker of the contact form: « Vous » or a contact of the network that may
// introduce this one (no incomplete contact, not the contact itself nor its descendants).
import { useMemo, useState } from "react";
import { useQuery } from "@connectrpc/connect-query";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { NetworkService } from "../../gen/tremplin/network/v1/network_pb";
import { networkMessages } from "../../lib/messages/network";
import { foldedIncludes } from "../../lib/text";
import { intermediaryCandidates, intermediaryOptions, type IntermediaryOption } from "./intermediaries";
import { fullName } from "./names";
import { screenMessages } from "../../lib/messages/screens";

const f = networkMessages.form;

const YOU: IntermediaryOption = { id: "", label: f.parentYou, detail: f.parentYouDetail };

export function IntermediaryPicker({
  selfId,
  descendantIds,
  currentParent,
  value,
  onChange,
  error,
}: {
  selfId: string | undefined;
  descendantIds: readonly string[];
  currentParent: IntermediaryOption | undefined;
  value: string;
  onChange: (id: string) => void;
  error: string | undefined;
}) {
  // A failure is said by the field itself (its help, its empty popup), never « aucun contact ».
  const list = useQuery(NetworkService.method.listContacts, {}, { meta: { handlesErrors: true } });
  const [typed, setTyped] = useState("");
  const candidates = useMemo(
    () => intermediaryCandidates(list.data?.contacts ?? [], selfId, new Set(descendantIds), currentParent?.id),
    [list.data, selfId, descendantIds, currentParent?.id],
  );
  const { options, more } = useMemo(() => intermediaryOptions(candidates, typed), [candidates, typed]);
  const withYou = foldedIncludes([YOU.label], typed) ? [YOU, ...options] : options;

  const selected: IntermediaryOption = useMemo(() => {
    if (!value) return YOU;
    const c = (list.data?.contacts ?? []).find((x) => x.id === value);
    if (c) return { id: c.id, label: fullName(c), detail: c.company };
    return currentParent?.id === value ? currentParent : { id: value, label: "…", detail: "" };
  }, [value, list.data, currentParent]);

  return (
    <Autocomplete<IntermediaryOption, false, true, false>
      options={withYou}
      value={selected}
      disableClearable
      loading={list.isPending}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      onChange={(_, o) => onChange(o.id)}
      onInputChange={(_, v, reason) => setTyped(reason === "input" ? v : "")}
      onClose={() => setTyped("")}
      noOptionsText={list.isError ? screenMessages.loadError.contacts : f.parentNoOptions}
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key || o.id || "you"} {...rest} sx={{ display: "flex", flexDirection: "column", alignItems: "flex-start !important" }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {o.label}
            </Typography>
            {o.detail && (
              <Typography variant="caption" color="text.secondary">
                {o.detail}
              </Typography>
            )}
          </Box>
        );
      }}
      slotProps={{
        listbox: {
          sx: { maxHeight: 280 },
        },
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={f.parent}
          error={Boolean(error)}
          helperText={error ?? (list.isError ? screenMessages.loadError.contacts : more > 0 ? f.parentMore(more) : f.parentHelp)}
        />
      )}
    />
  );
}
