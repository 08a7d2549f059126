// The authenticated header: logo, menu by role, user dropdown; under 768 px a burger opening
// an overlay navigation.
import { useState } from "react";
import { Link as RouterLink, useLocation } from "react-router";
import AppBar from "@mui/material/AppBar";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import Dialog from "@mui/material/Dialog";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Typography from "@mui/material/Typography";
import CloseRounded from "@mui/icons-material/CloseRounded";
import Face3Rounded from "@mui/icons-material/Face3Rounded";
import FaceRounded from "@mui/icons-material/FaceRounded";
import GavelRounded from "@mui/icons-material/GavelRounded";
import HelpOutlineRounded from "@mui/icons-material/HelpOutlineRounded";
import KeyboardArrowDownRounded from "@mui/icons-material/KeyboardArrowDownRounded";
import LogoutRounded from "@mui/icons-material/LogoutRounded";
import MenuRounded from "@mui/icons-material/MenuRounded";
import AccountCircleRounded from "@mui/icons-material/AccountCircleRounded";
import WorkspacePremiumRounded from "@mui/icons-material/WorkspacePremiumRounded";
import ChevronRightRounded from "@mui/icons-material/ChevronRightRounded";
import type { ReactNode } from "react";
import type { User } from "../../gen/tremplin/common/v1/common_pb";
import { messages } from "../../lib/messages";
import { isCurrentSection, isFemale, mainMenu, roleLabel, userMenu, type UserMenuItem } from "../../lib/navigation";
import { preloadOnIntent } from "../../lib/routePreload";
import { useLogout } from "../../lib/session";
import { brand } from "../../lib/theme";
import { LAYOUT_WIDTH, useViewport } from "../../lib/viewport";
import { Logo } from "../Logo";
import { screenMessages } from "../../lib/messages/screens";
import { firstNameCase, personName } from "../../lib/names";

const m = { ...messages.nav, ...screenMessages.shell };

const itemIcons: Record<string, ReactNode> = {
  profile: <AccountCircleRounded fontSize="small" />,
  premium: <WorkspacePremiumRounded fontSize="small" sx={{ color: brand.accent }} />,
  help: <HelpOutlineRounded fontSize="small" />,
  legal: <GavelRounded fontSize="small" />,
  logout: <LogoutRounded fontSize="small" />,
};

export function Header({ user }: { user: User }) {
  const { isMobile } = useViewport();
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ bgcolor: "rgba(255,255,255,0.92)", backdropFilter: "blur(8px)", borderBottom: `1px solid ${brand.border}` }}
    >
      <Box
        sx={{
          maxWidth: LAYOUT_WIDTH,
          width: "100%",
          mx: "auto",
          px: { xs: 2, sm: 3 },
          height: 64,
          display: "flex",
          alignItems: "center",
          gap: 3,
        }}
      >
        <Box component={RouterLink} to="/" aria-label={`${messages.app.name} – ${m.home}`} sx={{ display: "flex", alignItems: "center", minHeight: 44, textDecoration: "none" }}>
          <Logo />
        </Box>
        {isMobile ? <MobileNav user={user} /> : <DesktopNav user={user} />}
      </Box>
    </AppBar>
  );
}

function DesktopNav({ user }: { user: User }) {
  const { pathname } = useLocation();
  return (
    <>
      <Box component="nav" aria-label={m.mainMenu} sx={{ display: "flex", gap: 0.5, flex: 1, height: "100%" }}>
        {mainMenu(user).map((item) => (
          // The section is current on its detail pages too (/contact/…), which NavLink's own
          // matching does not know: the link says so itself, as in the mobile menu.
          <Box
            key={item.to}
            component={RouterLink}
            to={item.to}
            {...preloadOnIntent(item.to)}
            aria-current={isCurrentSection(item, pathname) ? "page" : undefined}
            sx={{
              position: "relative",
              display: "flex",
              alignItems: "center",
              px: 1.5,
              color: "text.secondary",
              fontWeight: 600,
              fontSize: "0.9375rem",
              textDecoration: "none",
              borderRadius: 1,
              transition: "color .15s",
              "&:hover": { color: "text.primary" },
              "&[aria-current='page']": { color: "primary.main" },
              "&[aria-current='page']::after": {
                content: '""',
                position: "absolute",
                left: 12,
                right: 12,
                bottom: 0,
                height: 3,
                borderRadius: "3px 3px 0 0",
                bgcolor: "primary.main",
              },
            }}
          >
            {item.label}
          </Box>
        ))}
      </Box>
      <UserDropdown user={user} />
    </>
  );
}

function UserAvatar({ user, size = 34 }: { user: User; size?: number }) {
  return (
    <Avatar
      sx={{ width: size, height: size, bgcolor: brand.primaryLight, color: brand.primary }}
      data-testid="user-avatar"
      data-civility={isFemale(user) ? "female" : "other"}
    >
      {isFemale(user) ? <Face3Rounded /> : <FaceRounded />}
    </Avatar>
  );
}

function UserDropdown({ user }: { user: User }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { logout } = useLogout();
  const close = () => setAnchor(null);
  const shown = firstNameCase(user.firstName) || user.email;
  return (
    <>
      <ButtonBase
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={m.userMenu(shown)}
        aria-haspopup="menu"
        aria-expanded={anchor ? "true" : undefined}
        sx={{ borderRadius: 99, pl: 0.5, pr: 1, py: 0.5, gap: 1, "&:hover": { bgcolor: brand.surface } }}
      >
        <UserAvatar user={user} />
        <Typography component="span" sx={{ fontWeight: 600, fontSize: "0.9375rem", maxWidth: 160 }} noWrap>
          {shown}
        </Typography>
        <KeyboardArrowDownRounded fontSize="small" sx={{ color: "text.secondary" }} />
      </ButtonBase>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { sx: { mt: 1, minWidth: 260 } } }}
      >
        <Box sx={{ px: 2, py: 1.25 }}>
          <Typography sx={{ fontWeight: 650 }} noWrap>
            {personName(user)}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
          <Typography variant="caption" color="primary" sx={{ fontWeight: 600 }}>
            {roleLabel(user)}
          </Typography>
        </Box>
        <Divider sx={{ my: 0.5 }} />
        {userMenu(user).map((item) =>
          item.kind === "link" ? (
            <MenuItem key={item.key} component={RouterLink} to={item.to} onClick={close} sx={{ py: 1.1 }}>
              <ListItemIcon>{itemIcons[item.key]}</ListItemIcon>
              {item.label}
            </MenuItem>
          ) : (
            <MenuItem
              key={item.key}
              onClick={() => {
                close();
                logout();
              }}
              sx={{ py: 1.1 }}
            >
              <ListItemIcon>{itemIcons.logout}</ListItemIcon>
              {item.label}
            </MenuItem>
          ),
        )}
      </Menu>
    </>
  );
}

function MobileNav({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const { logout } = useLogout();
  const { pathname } = useLocation();
  const close = () => setOpen(false);
  const main = mainMenu(user);
  const extra = userMenu(user);

  const row = (key: string, label: string, icon: ReactNode, props: { to?: string; active?: boolean; onClick?: () => void }) => {
    const active = props.active ?? false;
    const content = (
      <>
        {icon && <Box sx={{ display: "flex", color: active ? "primary.main" : "text.secondary" }}>{icon}</Box>}
        <Box component="span" sx={{ flex: 1 }}>
          {label}
        </Box>
        <ChevronRightRounded sx={{ color: "text.disabled" }} />
      </>
    );
    const sx = {
      display: "flex",
      alignItems: "center",
      gap: 1.5,
      width: "100%",
      px: 2,
      py: 1.6,
      borderRadius: "12px",
      fontSize: "1.0625rem",
      fontWeight: 600,
      color: active ? "primary.main" : "text.primary",
      bgcolor: active ? brand.primaryLight : "transparent",
      textDecoration: "none",
      textAlign: "left",
      fontFamily: "inherit",
    } as const;
    return props.to !== undefined ? (
      <ButtonBase key={key} component={RouterLink} to={props.to} {...preloadOnIntent(props.to)} onClick={close} sx={sx} aria-current={active ? "page" : undefined}>
        {content}
      </ButtonBase>
    ) : (
      <ButtonBase key={key} onClick={props.onClick} sx={sx}>
        {content}
      </ButtonBase>
    );
  };

  return (
    <>
      <Box sx={{ flex: 1 }} />
      <IconButton onClick={() => setOpen(true)} aria-label={m.openMenu} aria-expanded={open} edge="end" sx={{ color: "text.primary" }}>
        <MenuRounded />
      </IconButton>
      <Dialog
        open={open}
        onClose={close}
        fullScreen
        slotProps={{ paper: { "aria-label": m.mainMenu, sx: { borderRadius: 0, bgcolor: "#fff" } } }}
      >
        <Box sx={{ height: 64, px: 2, display: "flex", alignItems: "center", justifyContent: "space-between", borderBottom: `1px solid ${brand.border}` }}>
          <Logo />
          <IconButton onClick={close} aria-label={m.closeMenu} edge="end">
            <CloseRounded />
          </IconButton>
        </Box>
        <Box sx={{ px: 2, py: 2.5, display: "flex", alignItems: "center", gap: 1.5 }}>
          <UserAvatar user={user} size={44} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 650 }} noWrap>
              {personName(user) || user.email}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {roleLabel(user)}
            </Typography>
          </Box>
        </Box>
        <Box component="nav" aria-label={m.mainMenu} sx={{ px: 1, display: "flex", flexDirection: "column", gap: 0.5 }}>
          {main.map((item) => row(item.to, item.label, null, { to: item.to, active: isCurrentSection(item, pathname) }))}
        </Box>
        <Divider sx={{ my: 2, mx: 2 }} />
        <Box sx={{ px: 1, display: "flex", flexDirection: "column", gap: 0.5 }}>
          {extra.map((item: UserMenuItem) =>
            item.kind === "link"
              ? row(item.key, item.label, itemIcons[item.key], { to: item.to, active: pathname === item.to })
              : row(item.key, item.label, itemIcons.logout, {
                  onClick: () => {
                    close();
                    logout();
                  },
                }),
          )}
        </Box>
        <Box sx={{ flex: 1 }} />
        <Typography variant="caption" color="text.secondary" sx={{ textAlign: "center", py: 2 }}>
          {m.footerRights}
        </Typography>
      </Dialog>
    </>
  );
}
