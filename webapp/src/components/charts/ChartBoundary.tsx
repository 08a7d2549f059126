// When the chart's code cannot be loaded (the connection dropped, a new version replaced the
// files), the chart's place says so, at the chart's height, and the rest of the screen — the
// data table included — goes on working; without this, the app's crash page would replace it.
import { Component, type ReactNode } from "react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { chartMessages as m } from "../../lib/messages/charts";

type State = { failed: boolean };

export class ChartBoundary extends Component<{ height: number; children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Box role="alert" sx={{ height: this.props.height, display: "grid", placeItems: "center", textAlign: "center", px: 2, bgcolor: "background.default", borderRadius: 1 }}>
        <Typography color="text.secondary">{m.failed}</Typography>
      </Box>
    );
  }
}
