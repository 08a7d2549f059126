import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { messages } from "../../lib/messages";
import { brand } from "../../lib/theme";
import { LAYOUT_WIDTH } from "../../lib/viewport";
import { Logo } from "../Logo";

const m = messages.nav;

/** The public header: the logo and a single login link. */
export function PublicHeader() {
  return (
    <Box component="header" sx={{ borderBottom: `1px solid ${brand.border}`, bgcolor: "#fff" }}>
      <Box sx={{ maxWidth: LAYOUT_WIDTH, mx: "auto", px: { xs: 2, sm: 3 }, height: 64, display: "flex", alignItems: "center", justifyContent: "space-between" }}>
        <Box component={RouterLink} to="/login" aria-label={messages.app.name} sx={{ display: "flex", alignItems: "center", minHeight: 44, textDecoration: "none" }}>
          <Logo />
        </Box>
        <Button component={RouterLink} to="/login" variant="outlined">
          {m.login}
        </Button>
      </Box>
    </Box>
  );
}
