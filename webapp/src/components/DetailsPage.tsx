// The frame of a details page (a contact's, an application's, an activity's): the breadcrumb
// back to the list, and while the record is not there its placeholders or its load error.
import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { isMissing } from "../lib/errors";
import { usePageTitle } from "../lib/usePageTitle";
import { BackBreadcrumbs } from "./BackBreadcrumbs";
import { LoadError } from "./LoadError";
import { Loading } from "./Loading";
import { PageContainer } from "./layout/PageContainer";


/** The record could not be read: the page's h1, then « Impossible de charger … » and « Réessayer ». */
function DetailsLoadError({ title, what, query }: { title: string; what: string; query: { refetch: () => unknown; isFetching: boolean } }) {
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: { xs: "1.5rem", sm: "1.75rem" }, mb: 2 }}>
        {title}
      </Typography>
      <LoadError what={what} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    </>
  );
}

/** The header card, then two columns (`columns`: their grid template from `md`). */
function DetailsSkeleton({ columns }: { columns: string }) {
  return (
    <Loading>
      <Skeleton variant="rounded" height={120} sx={{ mb: 3 }} />
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: columns }, gap: 3 }}>
        <Skeleton variant="rounded" height={360} />
        <Skeleton variant="rounded" height={360} />
      </Box>
    </Loading>
  );
}

/** The record's details once read (`children`), else its load error (`title`, `what`), else placeholders. */
export function DetailsBody<T>({
  record,
  query,
  title,
  what,
  columns,
  children,
}: {
  record: T | undefined;
  query: { isError: boolean; refetch: () => unknown; isFetching: boolean };
  title: string;
  what: string;
  /** The placeholders' two columns from `md`. */
  columns: string;
  children: (record: T) => ReactNode;
}) {
  if (record) return children(record);
  return query.isError ? <DetailsLoadError title={title} what={what} query={query} /> : <DetailsSkeleton columns={columns} />;
}

/**
 * A record's whole page (a contact's, an application's): titled `title` once read; refused as
 * missing (isMissing: unknown, someone else's, a malformed id), `notFound` under
 * `texts.notFoundTitle`; else the breadcrumb back to `list` (its last step `crumb`) over the
 * record's details (DetailsBody).
 */
export function RecordPage<T>({
  record,
  query,
  title,
  crumb,
  texts,
  list,
  notFound,
  columns,
  children,
}: {
  record: T | undefined;
  query: { isError: boolean; error: unknown; refetch: () => unknown; isFetching: boolean };
  title: (record: T) => string;
  crumb: (record: T) => string;
  /** The page's title until the record is read, « … introuvable », the breadcrumb's label, and what « Impossible de charger … » names. */
  texts: { title: string; notFoundTitle: string; breadcrumb: string; load: string };
  list: { to: string; title: string };
  notFound: ReactNode;
  /** The placeholders' two columns from `md`. */
  columns: string;
  children: (record: T) => ReactNode;
}) {
  const missing = query.isError && isMissing(query.error);
  usePageTitle(record ? title(record) : missing ? texts.notFoundTitle : texts.title);
  if (missing) return notFound;
  return (
    <PageContainer>
      <BackBreadcrumbs label={texts.breadcrumb} to={list.to} list={list.title} current={record && crumb(record)} />
      <DetailsBody record={record} query={query} title={texts.title} what={texts.load} columns={columns}>
        {children}
      </DetailsBody>
    </PageContainer>
  );
}
