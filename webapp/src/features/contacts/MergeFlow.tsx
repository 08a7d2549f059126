// « Fusionner des doublons »: the pairs of contacts that look like one person, one after the
// other. For each, the fields that differ offer a choice (the older contact's first); tags,
// links, activities, opportunities and introduced contacts of both are kept. « Ce ne sont pas
// les mêmes personnes » goes to the next pair without changing anything. The pairs are read
// again after each merge: a contact merged away leaves its other pairs, a kept one shows what it
// holds now (never an older copy that would undo the merge); when they cannot be read again, the
// flow says so (LoadError) rather than offer the pairs kept from before, the merged one among them.
import { useMemo, useState } from "react";
import { useMutation, useQuery } from "@connectrpc/connect-query";
import CircularProgress from "@mui/material/CircularProgress";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Typography from "@mui/material/Typography";
import { DuplicateReason, NetworkService, type DuplicatePair } from "../../gen/tremplin/network/v1/network_pb";
import { LoadError } from "../../components/LoadError";
import { useToast } from "../../components/Toasts";
import { formatDate } from "../../lib/format";
import { networkMessages } from "../../lib/messages/network";
import { handledByApp } from "../../lib/queryClient";
import { useRefreshActivities, useRefreshNetwork } from "../../lib/refresh";
import { defaultChoices, mergeFields, mergedDraft, type FieldKey } from "./mergeModel";
import { fullName } from "./names";

const m = networkMessages.merge;

const REASONS: Partial<Record<DuplicateReason, string>> = {
  [DuplicateReason.SAME_NAME]: m.reasons.name,
  [DuplicateReason.SAME_EMAIL]: m.reasons.email,
  [DuplicateReason.SAME_MOBILE]: m.reasons.mobile,
};

const keyOf = (p: DuplicatePair) => `${p.first?.id}/${p.second?.id}`;

export default function MergeFlow({ pairs: initial, close }: { pairs: readonly DuplicatePair[]; close: () => void }) {
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const duplicates = useQuery(NetworkService.method.listDuplicates, {}, { meta: { handlesErrors: true } });
  const pairs = (duplicates.data?.pairs ?? initial).filter((p) => !dismissed.has(keyOf(p)));
  const pair = pairs[0];
  if (duplicates.isError) {
    return <LoadError what={m.load} onRetry={() => void duplicates.refetch()} retrying={duplicates.isFetching} />;
  }
  if (duplicates.isFetching && !duplicates.isPending) {
    return (
      <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
        <CircularProgress size={28} />
      </Box>
    );
  }
  if (!pair?.first || !pair.second) {
    return (
      <Box sx={{ display: "flex", flexDirection: "column", gap: 2, alignItems: "center" }}>
        <Alert severity="success" sx={{ width: "100%" }}>
          {m.done}
        </Alert>
        <Button variant="contained" onClick={close}>
          OK
        </Button>
      </Box>
    );
  }
  return <PairStep key={keyOf(pair)} pair={pair} left={pairs.length} skip={() => setDismissed(new Set([...dismissed, keyOf(pair)]))} />;
}

function PairStep({ pair, left, skip }: { pair: DuplicatePair; left: number; skip: () => void }) {
  const first = pair.first!;
  const second = pair.second!;
  const toast = useToast();
  // The network (the pairs with it), and the activities and opportunities that moved.
  const refreshNetwork = useRefreshNetwork();
  const refreshActivities = useRefreshActivities();
  const fields = useMemo(() => mergeFields(first, second), [first, second]);
  const [chosen, setChosen] = useState<Partial<Record<FieldKey, string>>>(() => defaultChoices(fields));
  const merge = useMutation(NetworkService.method.mergeContacts, { meta: { handlesErrors: true } });
  const draft = mergedDraft(first, second, chosen);

  const submit = () =>
    merge.mutate(
      { keepId: first.id, removeId: second.id, contact: draft },
      {
        onSuccess: () => {
          toast.success(m.merged);
          void refreshNetwork(); // the pairs too: the next one shows the contacts as they are now
          void refreshActivities();
        },
        onError: (err) => {
          if (!handledByApp(err)) toast.error(m.error);
        },
      },
    );

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Typography variant="body2" color="text.secondary" data-testid="merge-left">
          {m.left(left)}
        </Typography>
        {pair.reasons.map((r) => (
          <Chip key={r} size="small" label={REASONS[r]} color="primary" variant="outlined" />
        ))}
      </Box>
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 1.5 }}>
        {[first, second].map((c, i) => (
          <Box key={c.id} sx={{ p: 1.5, borderRadius: "12px", border: "1px solid", borderColor: i === 0 ? "primary.main" : "divider" }}>
            <Typography sx={{ fontWeight: 650 }}>{fullName(c)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {[c.company, m.added(formatDate(c.createdDate))].filter(Boolean).join(" · ")}
            </Typography>
            {i === 0 && (
              <Typography variant="caption" color="primary.main" sx={{ fontWeight: 700 }}>
                {m.kept}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {m.intro}
      </Typography>
      {fields.map((fd) => (
        <FormControl key={fd.key}>
          <FormLabel id={`merge-${fd.key}`}>{fd.label}</FormLabel>
          <RadioGroup aria-labelledby={`merge-${fd.key}`} value={chosen[fd.key] ?? ""} onChange={(e) => setChosen({ ...chosen, [fd.key]: e.target.value })}>
            {fd.options.map((o) => (
              <FormControlLabel
                key={o.value}
                value={o.value}
                control={<Radio />}
                label={o.label}
                sx={{ alignItems: "flex-start", "& .MuiFormControlLabel-label": { pt: 1.1, whiteSpace: "pre-wrap", overflowWrap: "anywhere" } }}
              />
            ))}
          </RadioGroup>
        </FormControl>
      ))}
      {(draft.tags?.length ?? 0) > 0 && (
        <Typography variant="body2" data-testid="merge-tags">
          {m.togetherTags(draft.tags!.join(", "))}
        </Typography>
      )}
      {(draft.resources?.length ?? 0) > 0 && <Typography variant="body2">{m.togetherLinks(draft.resources!.length)}</Typography>}
      <Box sx={{ display: "flex", gap: 1, justifyContent: "flex-end", flexWrap: "wrap" }}>
        <Button onClick={skip} disabled={merge.isPending}>
          {m.skip}
        </Button>
        <Button variant="contained" onClick={submit} loading={merge.isPending}>
          {m.confirm}
        </Button>
      </Box>
    </Box>
  );
}
