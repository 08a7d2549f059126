import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import ConstructionRounded from "@mui/icons-material/ConstructionRounded";
import { Link as RouterLink } from "react-router";
import { IconBadge } from "./IconBadge";
import { PageContainer, PageHeader } from "./layout/PageContainer";
import { screenMessages } from "../lib/messages/screens";

/** The clean placeholder of a screen whose feature arrives in a later version. */
export function ComingSoon({ title, backTo = "/" }: { title: string; backTo?: string }) {
  const m = screenMessages.placeholder;
  return (
    <PageContainer>
      <PageHeader title={title} />
      <Paper
        variant="outlined"
        sx={{
          borderRadius: "20px",
          borderStyle: "dashed",
          py: { xs: 6, sm: 9 },
          px: 3,
          display: "flex",
          flexDirection: "column",
          alignItems: "center",
          textAlign: "center",
          gap: 2,
          bgcolor: "background.paper",
        }}
      >
        <IconBadge tone="accent" size={72}>
          <ConstructionRounded />
        </IconBadge>
        <Typography variant="h2" component="p">
          {m.soon}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 460 }}>
          {m.soonText}
        </Typography>
        <Box sx={{ mt: 1 }}>
          <Button component={RouterLink} to={backTo} variant="outlined">
            {m.backHome}
          </Button>
        </Box>
      </Paper>
    </PageContainer>
  );
}
