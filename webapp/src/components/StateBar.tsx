// The state bar of a list (spec section 2): how many items each status holds, as a
// proportional bar and a legend of counts.
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import Typography from "@mui/material/Typography";

export type StateBarItem = { key: string; label: string; count: number; color: string };

export function StateBar({ title, items }: { title: string; items: readonly StateBarItem[] }) {
  const total = items.reduce((sum, i) => sum + i.count, 0);
  return (
    <Card component="section" aria-label={title} sx={{ px: { xs: 2, sm: 2.5 }, py: { xs: 1.75, sm: 2 } }}>
      <Box
        aria-hidden
        sx={{ display: "flex", height: 8, borderRadius: 99, overflow: "hidden", bgcolor: "#EEF0F5", gap: total ? "2px" : 0 }}
      >
        {total > 0 &&
          items
            .filter((i) => i.count > 0)
            .map((i) => <Box key={i.key} sx={{ flex: i.count, bgcolor: i.color, minWidth: 4 }} />)}
      </Box>
      <Box
        component="ul"
        sx={{
          listStyle: "none",
          p: 0,
          m: 0,
          mt: 1.5,
          display: "grid",
          gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", sm: `repeat(${items.length}, minmax(0, 1fr))` },
          gap: { xs: 1, sm: 2 },
        }}
      >
        {items.map((i) => (
          <Box component="li" key={i.key} data-testid={`state-${i.key}`} sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
            <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: "3px", bgcolor: i.color, flex: "none" }} />
            <Typography variant="body2" color="text.secondary" noWrap sx={{ minWidth: 0 }}>
              {i.label}
            </Typography>
            <Typography component="span" sx={{ fontWeight: 700, fontVariantNumeric: "tabular-nums", ml: { xs: "auto", sm: 0.25 }, pr: { xs: 1.5, sm: 0 } }}>
              {i.count.toLocaleString("fr-FR")}
            </Typography>
          </Box>
        ))}
      </Box>
    </Card>
  );
}
