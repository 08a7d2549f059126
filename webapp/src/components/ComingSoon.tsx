import Button from "@mui/material/Button";
import ConstructionRounded from "@mui/icons-material/ConstructionRounded";
import { Link as RouterLink } from "react-router";
import { EmptyState } from "./EmptyState";
import { PageContainer, PageHeader } from "./layout/PageContainer";
import { screenMessages } from "../lib/messages/screens";
import { usePageTitle } from "../lib/usePageTitle";

/** The clean placeholder of a screen whose feature arrives in a later version (and its tab title). */
export function ComingSoon({ title, backTo = "/" }: { title: string; backTo?: string }) {
  usePageTitle(title);
  const m = screenMessages.placeholder;
  return (
    <PageContainer>
      <PageHeader title={title} />
      <EmptyState
        dashed
        tone="accent"
        icon={<ConstructionRounded />}
        title={m.soon}
        text={m.soonText}
        textMaxWidth={460}
        actions={
          <Button component={RouterLink} to={backTo} variant="outlined">
            {m.backHome}
          </Button>
        }
        sx={{ py: { xs: 6, sm: 9 }, borderRadius: "20px" }}
      />
    </PageContainer>
  );
}
