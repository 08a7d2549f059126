// A details page's links (a contact's, an application's): each opens safely in a new tab, which
// screen readers are told; one whose address cannot be opened is shown as text.
import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import LinkRounded from "@mui/icons-material/LinkRounded";
import OpenInNewRounded from "@mui/icons-material/OpenInNewRounded";
import { safeExternalHref } from "../../lib/links";
import { visuallyHidden } from "../PremiumBadge";

export function ResourceLinks({
  resources,
  href = safeExternalHref,
  newTab,
  empty,
}: {
  resources: readonly { label: string; url: string }[];
  /** The address a link opens, undefined for none (default: any safe external address). */
  href?: (url: string) => string | undefined;
  /** « (s'ouvre dans un nouvel onglet) », for screen readers. */
  newTab: string;
  /** Shown when there is no link. */
  empty: ReactNode;
}) {
  if (resources.length === 0) return empty;
  return (
    <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "flex", flexDirection: "column", gap: 0.5 }}>
      {resources.map((r, i) => {
        const target = href(r.url);
        return (
          <Box component="li" key={i} sx={{ display: "flex", alignItems: "center", gap: 0.75, minWidth: 0 }}>
            <LinkRounded fontSize="small" sx={{ color: "text.secondary", flex: "none" }} />
            {target ? (
              <Link href={target} target="_blank" rel="noopener noreferrer" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, overflowWrap: "anywhere" }}>
                {r.label}
                <OpenInNewRounded sx={{ fontSize: 14 }} aria-hidden />
                <Box component="span" sx={visuallyHidden}>
                  {newTab}
                </Box>
              </Link>
            ) : (
              <Typography>{r.label}</Typography>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
