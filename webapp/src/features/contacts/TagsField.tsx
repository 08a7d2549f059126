// The contact's tags: a free input with the existing tags for a subscriber, the tags read-only
// with an offer of Premium for anyone else.
import { useMemo } from "react";
import { useQuery } from "@connectrpc/connect-query";
import Autocomplete from "@mui/material/Autocomplete";
import ButtonBase from "@mui/material/ButtonBase";
import Chip from "@mui/material/Chip";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { NetworkService } from "../../gen/tremplin/network/v1/network_pb";
import { PremiumBadge } from "../../components/PremiumBadge";
import { networkMessages } from "../../lib/messages/network";
import { fold } from "../../lib/text";
import { brand } from "../../lib/theme";

const f = networkMessages.form;

export function TagsInput({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  // A failure is said in the field's help (a free input shows no « no options » popup), as the
  // list's tag filter says it in its menu on the same query: no toast from either.
  const tags = useQuery(NetworkService.method.searchTags, { term: "" }, { meta: { handlesErrors: true } });
  const names = useMemo(() => (tags.data?.tags ?? []).map((x) => x.name), [tags.data]);
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={names}
      value={value}
      loading={tags.isPending}
      filterSelectedOptions
      onChange={(_, v) => {
        // One tag per name, whatever the case, accents or apostrophes, written as an existing
        // tag when there is one (the server merges them the same way: its TagKey is the fold).
        const seen = new Set<string>();
        onChange(
          v
            .map((x) => x.replace(/\s+/g, " ").trim())
            .filter((x) => {
              const key = fold(x);
              if (!x || seen.has(key)) return false;
              seen.add(key);
              return true;
            })
            .map((x) => names.find((n) => fold(n) === fold(x)) ?? x),
        );
      }}
      renderInput={(params) => <TextField {...params} label={f.tags} helperText={tags.isError ? f.tagsError : f.tagsHelp} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: 50 } }} />}
    />
  );
}

/** The tags of a non-subscriber: what the contact has, read-only; clicking offers Premium. */
export function PremiumTags({ tags, onClick }: { tags: string[]; onClick: () => void }) {
  return (
    <ButtonBase
      onClick={onClick}
      aria-label={`${f.tags} — ${f.tagsPremium}`}
      sx={{ justifyContent: "flex-start", textAlign: "left", border: `1px dashed ${brand.border}`, borderRadius: "10px", px: 1.75, py: 1.25, gap: 1, flexWrap: "wrap", bgcolor: "#FAFAFC" }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {f.tags}
      </Typography>
      <PremiumBadge />
      {tags.map((x) => (
        <Chip key={x} size="small" label={x} />
      ))}
      <Typography variant="caption" color="text.secondary" sx={{ flexBasis: "100%" }}>
        {f.tagsPremium}
      </Typography>
    </ButtonBase>
  );
}
