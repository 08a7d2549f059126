// A card that opens its item wherever it is tapped (issue 9: « a whole card opens its item »).
// The item's link stays the one control the keyboard and screen readers meet; its ::after
// stretches over the card, so a tap anywhere on the card follows it. The card's own controls
// (menu, checkbox, complete button, phone and e-mail links) sit above that layer and keep
// their own action.
import { TOUCH } from "../lib/theme";
/** On the card: the box the link stretches over; its own controls stay on top. */
export const wholeCard = {
  position: "relative",
  cursor: "pointer",
  transition: "border-color .15s",
  "&:hover": { borderColor: "primary.light" },
  "& .MuiButtonBase-root, & a:not([data-card-link])": { position: "relative", zIndex: 1 },
} as const;

/** On the item's link (a MUI Link or an anchor), with `data-card-link` so the card tells it apart. */
export const cardLink = {
  // Not the theme's positioned link with its 44 px layer on phones: the card is the link's layer.
  position: "static",
  [TOUCH]: { position: "static", "&::before": { display: "none" } },
  "&::after": { content: '""', position: "absolute", inset: 0, zIndex: 0 },
} as const;
