import { Component, type ErrorInfo, type ReactNode } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import ErrorOutlineRounded from "@mui/icons-material/ErrorOutlineRounded";
import { messages } from "../lib/messages";
import { IconBadge } from "./IconBadge";

type State = { error: Error | null };

/** The crash fallback: a calm French message and a way out, instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  componentDidUpdate(prev: { resetKey?: string }) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  render() {
    if (!this.state.error) return this.props.children;
    const m = messages.errors;
    return (
      <Box role="alert" sx={{ display: "flex", flexDirection: "column", alignItems: "center", textAlign: "center", gap: 2, py: 10, px: 3 }}>
        <IconBadge tone="danger" size={64}>
          <ErrorOutlineRounded />
        </IconBadge>
        <Typography variant="h2">{m.crashTitle}</Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
          {m.crashBody}
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {m.crashReload}
        </Button>
      </Box>
    );
  }
}
