// The centred card of a screen with nothing to list or show: an icon badge, a title, a line of
// text and actions (an empty network, a search without result, a contact that does not exist,
// a page still to come, a payment done…).
import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import Typography from "@mui/material/Typography";
import type { SxProps, Theme } from "@mui/material/styles";
import { IconBadge, type Tone } from "./IconBadge";

export function EmptyState({
  icon,
  tone = "primary",
  iconSize,
  title,
  level = "section",
  text,
  textMaxWidth,
  children,
  actions,
  dashed = false,
  sx,
}: {
  icon: ReactNode;
  tone?: Tone;
  /** 72 px, 56 px for a "minor" state. */
  iconSize?: number;
  title: ReactNode;
  /**
   * "page": the state stands for the whole page and its title is the page's h1 (a contact not
   * found, the payment done); "section": a large title inside a page that has its own h1;
   * "minor": a smaller card (no search result).
   */
  level?: "page" | "section" | "minor";
  text?: ReactNode;
  textMaxWidth?: number;
  /** Between the text and the actions. */
  children?: ReactNode;
  actions?: ReactNode;
  /** A dashed border: a place waiting to be filled. */
  dashed?: boolean;
  /** The card's own spacing, when it differs. */
  sx?: SxProps<Theme>;
}) {
  const minor = level === "minor";
  return (
    <Card
      sx={[
        {
          py: minor ? 6 : { xs: 5, sm: 8 },
          px: 3,
          display: "flex",
          flexDirection: "column",
          alignItems: "center",
          textAlign: "center",
          gap: minor ? 1.5 : 2,
          borderStyle: dashed ? "dashed" : undefined,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <IconBadge tone={tone} size={iconSize ?? (minor ? 56 : 72)}>
        {icon}
      </IconBadge>
      {level === "page" ? (
        <Typography variant="h1" sx={{ fontSize: { xs: "1.5rem", sm: "1.75rem" } }}>
          {title}
        </Typography>
      ) : (
        <Typography variant={minor ? "h3" : "h2"} component="p">
          {title}
        </Typography>
      )}
      {text && (
        <Typography color="text.secondary" sx={{ maxWidth: textMaxWidth }}>
          {text}
        </Typography>
      )}
      {children}
      {actions && (
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", justifyContent: "center", mt: minor ? 0 : 1 }}>{actions}</Box>
      )}
    </Card>
  );
}
