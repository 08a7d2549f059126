// An in-memory AgencyService keeping API keys as the server does (newest first, an agency's
// keys when one is named, revocation dated), and the agencies list of one agency, for the
// screens that show keys. It records what was listed, created and revoked.
import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ConnectRouter } from "@connectrpc/connect";
import { AgencySchema, AgencyService, ApiKeySchema, type ApiKey } from "../gen/tremplin/agency/v1/agency_pb";
import { AgencyRefSchema } from "../gen/tremplin/common/v1/common_pb";

export const AGENCY = "0b8f1b5e-3c1e-4a5e-9d2a-5b7a1c2d3e4f";
export const at = (iso: string) => timestampFromDate(new Date(iso));

export function fakeKeys(initial: ApiKey[] = []) {
  const keys = [...initial];
  const listed: string[] = [];
  const created: { name: string; agencyId: string }[] = [];
  const revoked: string[] = [];
  let n = 0;
  const routes = (r: ConnectRouter) =>
    r.service(AgencyService, {
      listAgencies: () => ({ agencies: [create(AgencySchema, { id: AGENCY, name: "Agence Nord", email: "nord@exemple.fr" })] }),
      listApiKeys: (req) => {
        listed.push(req.agencyId);
        return { apiKeys: keys.filter((k) => !req.agencyId || k.agency?.id === req.agencyId) };
      },
      createApiKey: (req) => {
        n++;
        created.push({ name: req.name, agencyId: req.agencyId });
        const key = create(ApiKeySchema, {
          id: `key-${n}`,
          name: req.name,
          prefix: `tpk_0000000${n}`,
          agency: create(AgencyRefSchema, { id: req.agencyId || AGENCY, name: "Agence Nord" }),
          createdDate: at("2026-11-20T10:00:00Z"),
        });
        keys.unshift(key);
        return { apiKey: key, secret: `tpk_0000000${n}_SECRETxyz${n}` };
      },
      revokeApiKey: (req) => {
        revoked.push(req.id);
        const k = keys.find((x) => x.id === req.id);
        if (k) k.revokedDate = at("2026-11-21T08:15:00Z");
        return {};
      },
    });
  return { keys, listed, created, revoked, routes };
}
