// The « ⋮ » menu of a row or a card (a contact, an application, a task or an event, a
// candidate): a named icon button announcing its menu, and items that close the menu before they
// act. An item is an action (`onClick`) or a link (`to`).
import { createContext, useContext, useId, useState, type ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import type { SxProps, Theme } from "@mui/material/styles";
import MoreVertRounded from "@mui/icons-material/MoreVertRounded";

const CloseMenu = createContext<() => void>(() => {});

export function RowMenu({
  label,
  minWidth = 230,
  maxWidth,
  buttonSx,
  children,
}: {
  /** The button's accessible name (« Actions pour … »). */
  label: string;
  minWidth?: number;
  maxWidth?: number;
  buttonSx?: SxProps<Theme>;
  /** The items (RowMenuItem, Divider, notes), built by the caller; `id` names the menu for aria-describedby. */
  children: ReactNode | ((id: string) => ReactNode);
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label={label}
        aria-haspopup="menu"
        aria-controls={anchor ? id : undefined}
        aria-expanded={anchor ? "true" : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        size="small"
        sx={buttonSx}
      >
        <MoreVertRounded />
      </IconButton>
      {/* Around the menu, not inside it: MenuList gives focus to its own first child. */}
      <CloseMenu.Provider value={close}>
        <Menu
          id={id}
          anchorEl={anchor}
          open={Boolean(anchor)}
          onClose={close}
          anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
          transformOrigin={{ vertical: "top", horizontal: "right" }}
          slotProps={{ paper: { sx: { minWidth, maxWidth } } }}
        >
          {typeof children === "function" ? children(id) : children}
        </Menu>
      </CloseMenu.Provider>
    </>
  );
}

type Target = { onClick: () => void; to?: never; state?: never } | { to: string; state?: unknown; onClick?: never };

export function RowMenuItem({
  icon,
  children,
  danger = false,
  disabled,
  describedBy,
  onClick,
  to,
  state,
  ...given
}: Target & {
  icon: ReactNode;
  children: ReactNode;
  /** A destructive action (delete), drawn in the error colour. */
  danger?: boolean;
  disabled?: boolean;
  describedBy?: string;
  /** Given by MenuList to the item it focuses. */
  autoFocus?: boolean;
  tabIndex?: number;
}) {
  const close = useContext(CloseMenu);
  const common = { ...given, disabled, "aria-describedby": describedBy, sx: danger ? { color: "error.main" } : undefined };
  const body = (
    <>
      <ListItemIcon sx={danger ? { color: "inherit" } : undefined}>{icon}</ListItemIcon>
      <ListItemText>{children}</ListItemText>
    </>
  );
  if (to !== undefined) {
    return (
      <MenuItem component={RouterLink} to={to} state={state} {...common}>
        {body}
      </MenuItem>
    );
  }
  return (
    <MenuItem
      {...common}
      onClick={() => {
        close();
        onClick();
      }}
    >
      {body}
    </MenuItem>
  );
}
