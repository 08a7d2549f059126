// The refresh hooks name the services by their full names: their keys must stay the ones
// Connect-Query gives the cached answers, or a write would refresh nothing.
import { create } from "@bufbuild/protobuf";
import { createConnectQueryKey } from "@connectrpc/connect-query";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { ActivityService, ListTasksResponseSchema } from "../gen/tremplin/activity/v1/activity_pb";
import { AgencyService } from "../gen/tremplin/agency/v1/agency_pb";
import { ListContactsResponseSchema, NetworkService } from "../gen/tremplin/network/v1/network_pb";
import { OpportunityService } from "../gen/tremplin/opportunity/v1/opportunity_pb";
import { activityQueries, agencyQueries, networkQueries, opportunityQueries } from "./refresh";

describe("the refresh keys", () => {
  it("are Connect-Query's keys of each service", () => {
    expect(networkQueries).toEqual(createConnectQueryKey({ schema: NetworkService, cardinality: undefined }));
    expect(opportunityQueries).toEqual(createConnectQueryKey({ schema: OpportunityService, cardinality: undefined }));
    expect(activityQueries).toEqual(createConnectQueryKey({ schema: ActivityService, cardinality: undefined }));
    expect(agencyQueries).toEqual(createConnectQueryKey({ schema: AgencyService, cardinality: undefined }));
  });

  it("match the cached answers of their service's methods, and no other service's", () => {
    const client = new QueryClient();
    const contacts = createConnectQueryKey({ schema: NetworkService.method.listContacts, input: {}, cardinality: "finite" });
    const tasks = createConnectQueryKey({ schema: ActivityService.method.listTasks, input: {}, cardinality: "finite" });
    client.setQueryData(contacts, create(ListContactsResponseSchema));
    client.setQueryData(tasks, create(ListTasksResponseSchema));
    expect(client.getQueryCache().findAll({ queryKey: networkQueries }).map((q) => q.queryKey)).toEqual([contacts]);
    expect(client.getQueryCache().findAll({ queryKey: activityQueries }).map((q) => q.queryKey)).toEqual([tasks]);
  });
});
