// How many licences an agency can still give, as the candidates screen shows them: the agency
// admin's own agency (beside the count of candidates), and for the platform admin each agency
// (in the confirmations that take one). Refetched with every AgencyService answer after a
// change (useRefreshAgency). A failure is the app's generic toast: the figure is a help beside
// the count and in confirmations (the server still refuses a licence there is not), so those
// places go without it rather than give way to a LoadError; nothing here would show it otherwise.
import { useCallback } from "react";
import { useQuery } from "@connectrpc/connect-query";
import { AgencyService } from "../../gen/tremplin/agency/v1/agency_pb";
import { useSession } from "../../lib/session";
import type { Manager } from "./model";

export type RemainingLicences = {
  /** The agency admin's agency: undefined until read (and for the platform admin). */
  own: number | undefined;
  /** An agency's remaining licences, when known. */
  of: (agencyId: string | undefined) => number | undefined;
};

export function useRemainingLicences(who: Manager): RemainingLicences {
  const { user } = useSession();
  const ownId = who === "agency-admin" ? (user?.agency?.id ?? "") : "";
  const own = useQuery(AgencyService.method.getAgency, { id: ownId }, { enabled: ownId !== "" });
  const all = useQuery(AgencyService.method.listAgencies, {}, { enabled: who === "admin" });
  const ownRemaining = own.data?.agency?.numRemainingLicenses;
  const agencies = all.data?.agencies;
  const of = useCallback(
    (agencyId: string | undefined) => {
      if (!agencyId) return undefined;
      if (agencyId === ownId) return ownRemaining;
      return agencies?.find((ag) => ag.id === agencyId)?.numRemainingLicenses;
    },
    [ownId, ownRemaining, agencies],
  );
  return { own: ownRemaining, of };
}
