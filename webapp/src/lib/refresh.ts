// The one way to refresh after a write: a hook per kind of write, which refetches the cached
// answers of every service whose data that write can change (and those only: the session, the
// agency screens… stay as they are). A screen calls the hook of what it wrote.
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useCallback } from "react";

/**
 * Every cached answer of a service (lists, details, counts): the prefix of Connect-Query's keys
 * for it, as createConnectQueryKey({ schema: service, cardinality: undefined }) makes it
 * (refresh.test.ts checks they stay equal). By name, not by the generated descriptor: importing
 * four services' descriptors here put 3 kB more JavaScript (gzip) on every screen using one hook.
 */
export function serviceQueries(serviceName: string): QueryKey {
  return ["connect-query", { serviceName }];
}

/** Every answer of NetworkService in the cache (lists, details, descendants, recommended, tags). */
export const networkQueries = serviceQueries("tremplin.network.v1.NetworkService");
/** Every answer of OpportunityService in the cache (lists, details, known contacts). */
export const opportunityQueries = serviceQueries("tremplin.opportunity.v1.OpportunityService");
export const activityQueries = serviceQueries("tremplin.activity.v1.ActivityService");
export const agencyQueries = serviceQueries("tremplin.agency.v1.AgencyService");

function useInvalidate(keys: readonly QueryKey[]): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  }, [queryClient, keys]);
}

const NETWORK_WRITE = [networkQueries];
// A contact's « linked to an application » mark and its linked applications follow the
// applications' associations.
const APPLICATION_WRITE = [opportunityQueries, networkQueries];
// A completed task or event engages its contact and its application; the dashboard counts it.
const ACTIVITY_WRITE = [activityQueries, networkQueries, opportunityQueries];
const AGENCY_WRITE = [agencyQueries];

/** After a change of contacts (form, import, deletion, intermediary). */
export const useRefreshNetwork = () => useInvalidate(NETWORK_WRITE);
/** After a change of applications (form, status, report, associated contacts). */
export const useRefreshApplications = () => useInvalidate(APPLICATION_WRITE);
/** After a task or an event is saved, completed, reported or deleted. */
export const useRefreshActivities = () => useInvalidate(ACTIVITY_WRITE);
/** After a change on the staff screens: candidates, agencies, licences, API keys. */
export const useRefreshAgency = () => useInvalidate(AGENCY_WRITE);
