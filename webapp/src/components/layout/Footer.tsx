import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { messages } from "../../lib/messages";
import { resolveRoute, type Audience } from "../../lib/routes";
import { brand, TAP, TOUCH } from "../../lib/theme";
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
    <Box
      component="footer"
      sx={{
        borderTop: `1px solid ${brand.border}`,
        bgcolor: "#fff",
        mt: "auto",
        // A page with a floating button keeps room for it at its very end: scrolled to the
        // bottom, the button covers none of the page's links (its height, 56 px, and margins).
        "body:has(.MuiFab-root) &": { pb: { xs: "88px", sm: "112px" } },
      }}
    >
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
        <Box component="nav" sx={{ display: "flex", columnGap: 2.5, flexWrap: "wrap", justifyContent: "center", [TOUCH]: { columnGap: 1 } }}>
          {links.map((l) => (
            <Link
              key={l.to}
              component={RouterLink}
              to={l.to}
              variant="body2"
              color="text.secondary"
              // A fingertip's height on phones.
              sx={{ [TOUCH]: { display: "inline-flex", alignItems: "center", minHeight: TAP, px: 1 } }}
            >
              {l.label}
            </Link>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
