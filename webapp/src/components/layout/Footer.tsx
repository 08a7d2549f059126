import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { messages } from "../../lib/messages";
import { resolveRoute, type Audience } from "../../lib/routes";
import { brand } from "../../lib/theme";
import { LAYOUT_WIDTH } from "../../lib/viewport";

const m = messages.nav;

/** Links to the legal pages and help, limited to what the audience may open. */
export function Footer({ audience }: { audience: Audience }) {
  const links = [
    { to: "/cgu", label: m.cgu },
    { to: "/legal-notice", label: m.legalNotice },
    { to: "/help", label: m.help },
  ].filter((l) => resolveRoute(audience, l.to).kind === "page");
  return (
    <Box component="footer" sx={{ borderTop: `1px solid ${brand.border}`, bgcolor: "#fff", mt: "auto" }}>
      <Box
        sx={{
          maxWidth: LAYOUT_WIDTH,
          mx: "auto",
          px: { xs: 2, sm: 3 },
          py: 2.5,
          display: "flex",
          flexDirection: { xs: "column", sm: "row" },
          alignItems: "center",
          justifyContent: "space-between",
          gap: 1.5,
        }}
      >
        <Typography variant="body2" color="text.secondary">
          {m.footerRights}
        </Typography>
        <Box component="nav" sx={{ display: "flex", gap: 2.5, flexWrap: "wrap", justifyContent: "center" }}>
          {links.map((l) => (
            <Link key={l.to} component={RouterLink} to={l.to} variant="body2" color="text.secondary">
              {l.label}
            </Link>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
