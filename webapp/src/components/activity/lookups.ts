// The contacts and open applications the task and event forms pick from.
import { useMemo } from "react";
import { useQuery } from "@connectrpc/connect-query";
import { NetworkService } from "../../gen/tremplin/network/v1/network_pb";
import { OpportunityService } from "../../gen/tremplin/opportunity/v1/opportunity_pb";
import { Code } from "@connectrpc/connect";
import { errorCode } from "../../lib/errors";
import { isClosed } from "../applicationStatus";
import type { ApplicationChoice, ContactChoice } from "./subjects";

const unimplemented = (err: unknown) => errorCode(err) === Code.Unimplemented;

export function useActivityLookups(): { contacts: ContactChoice[]; applications: ApplicationChoice[]; loading: boolean } {
  const contacts = useQuery(NetworkService.method.listContacts, {});
  // Until the opportunities service is served, no application to pick (not an error to show).
  const applications = useQuery(OpportunityService.method.listApplications, {}, { meta: { handlesErrors: unimplemented }, retry: false });
  return useMemo(
    () => ({
      contacts: (contacts.data?.contacts ?? []).map((c) => ({
        id: c.id,
        firstName: c.firstName,
        lastName: c.lastName,
        company: c.company,
        email: c.email,
        phoneNumber: c.phoneNumber,
        mobileNumber: c.mobileNumber,
      })),
      // Only open applications take new activities (the server answers APPLICATION_CLOSED).
      applications: (applications.data?.applications ?? [])
        .filter((a) => !isClosed(a))
        .map((a) => ({ id: a.id, company: a.company, job: a.job, contactIds: a.contacts.map((c) => c.id) })),
      loading: contacts.isPending || (applications.isPending && !applications.isError),
    }),
    [contacts.data, contacts.isPending, applications.data, applications.isPending, applications.isError],
  );
}
