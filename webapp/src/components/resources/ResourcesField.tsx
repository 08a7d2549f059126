// The links editor of every form that has links: added, edited and removed in place; only
// those with both a label and an address are saved (keptResources). Each form names them in its
// own words (« Ressources » on a contact, « Liens » on an application or an activity).
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import AddRounded from "@mui/icons-material/AddRounded";
import DeleteOutlineRounded from "@mui/icons-material/DeleteOutlineRounded";
import type { ResourceValue } from "./model";

export type ResourcesTexts = {
  resources: string;
  resourceLabel: string;
  resourceUrl: string;
  addResource: string;
  removeResource: string;
  resourcesHelp: string;
};

export function ResourcesField({ value, onChange, texts: t }: { value: ResourceValue[]; onChange: (next: ResourceValue[]) => void; texts: ResourcesTexts }) {
  const edit = (i: number, change: Partial<ResourceValue>) => onChange(value.map((r, j) => (j === i ? { ...r, ...change } : r)));
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
        {t.resources}
      </Typography>
      <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
        {value.map((r, i) => (
          <Box key={i} sx={{ display: "grid", gridTemplateColumns: { xs: "1fr auto", sm: "1fr 1.6fr auto" }, gap: 1, alignItems: "start" }}>
            <TextField size="small" label={t.resourceLabel} value={r.label} onChange={(e) => edit(i, { label: e.target.value })} />
            <Box sx={{ gridRow: { xs: 2, sm: "auto" }, gridColumn: { xs: "1 / 2", sm: "auto" } }}>
              <TextField size="small" fullWidth label={t.resourceUrl} type="url" value={r.url} onChange={(e) => edit(i, { url: e.target.value })} />
            </Box>
            <IconButton aria-label={`${t.removeResource} ${i + 1}`} onClick={() => onChange(value.filter((_, j) => j !== i))}>
              <DeleteOutlineRounded />
            </IconButton>
          </Box>
        ))}
        <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
          <Button size="small" startIcon={<AddRounded />} onClick={() => onChange([...value, { label: "", url: "" }])}>
            {t.addResource}
          </Button>
          {value.length > 0 && (
            <Typography variant="caption" color="text.secondary">
              {t.resourcesHelp}
            </Typography>
          )}
        </Box>
      </Box>
    </Box>
  );
}
