// « List / Page » above a staff page about one record (a candidate's progress, an agency's
// insight): the list a link back to it, the page the current one. (A details page of the
// candidate's own screens has DetailsBreadcrumbs, in DetailsPage.tsx, drawn otherwise.)
import { Link as RouterLink } from "react-router";
import Breadcrumbs from "@mui/material/Breadcrumbs";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";

export function BackBreadcrumbs({ label, to, list, current }: { label: string; to: string; list: string; current: string }) {
  return (
    <Breadcrumbs aria-label={label} sx={{ mb: 2 }}>
      <Link component={RouterLink} to={to} underline="hover" color="inherit">
        {list}
      </Link>
      <Typography color="text.primary" aria-current="page">
        {current}
      </Typography>
    </Breadcrumbs>
  );
}
