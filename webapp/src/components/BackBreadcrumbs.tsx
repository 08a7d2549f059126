// « List › Record » above a page about one record (a contact's, an application's, an activity's,
// a candidate's progress, an agency's insight): the list a link back to it, the record's name
// (« … » while it loads) the current page.
import { Link as RouterLink } from "react-router";
import Breadcrumbs from "@mui/material/Breadcrumbs";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import ChevronRightRounded from "@mui/icons-material/ChevronRightRounded";

export function BackBreadcrumbs({ label, to, list, current }: { label: string; to: string; list: string; current: string | undefined }) {
  return (
    <Breadcrumbs aria-label={label} separator={<ChevronRightRounded fontSize="small" />} sx={{ mb: 2, "& ol": { flexWrap: "nowrap" }, "& li:last-of-type": { minWidth: 0 } }}>
      <Link component={RouterLink} to={to} color="text.secondary">
        {list}
      </Link>
      <Typography color="text.primary" noWrap aria-current="page" sx={{ fontWeight: 600 }}>
        {current ?? "…"}
      </Typography>
    </Breadcrumbs>
  );
}
