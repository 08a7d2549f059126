import { describe, expect, it } from "vitest";
import { ApplicationSource, ApplicationStatus } from "../../../gen/tremplin/opportunity/v1/opportunity_pb";
import { isClosed } from "../../../components/applicationStatus";
import {
  NO_FILTERS,
  UnknownStatusError,
  VIEW_STORAGE_KEY,
  countByStatus,
  filterApplications,
  hasFilters,
  readView,
  sourceLabel,
  statusInfo,
  writeView,
} from "./model";

const apps = [
  { company: "Société Générale SA", status: ApplicationStatus.NEW },
  { company: "BNP Paribas", status: ApplicationStatus.ENGAGED },
  { company: "Crédit Agricole", status: ApplicationStatus.WIN },
  { company: "Ubisoft", status: ApplicationStatus.LOST },
  { company: "Société du Grand Paris", status: ApplicationStatus.ENGAGED },
];

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe("applications list model", () => {
  it("counts every status, zero included", () => {
    expect(countByStatus(apps)).toEqual({
      [ApplicationStatus.NEW]: 1,
      [ApplicationStatus.ENGAGED]: 2,
      [ApplicationStatus.LOST]: 1,
      [ApplicationStatus.WIN]: 1,
    });
    expect(countByStatus([])).toEqual({ [ApplicationStatus.NEW]: 0, [ApplicationStatus.ENGAGED]: 0, [ApplicationStatus.LOST]: 0, [ApplicationStatus.WIN]: 0 });
  });

  it("searches the company, case- and accent-insensitive, and keeps the order", () => {
    expect(filterApplications(apps, { search: "societe", statuses: [] }).map((a) => a.company)).toEqual(["Société Générale SA", "Société du Grand Paris"]);
    expect(filterApplications(apps, { search: "  PARIBAS ", statuses: [] }).map((a) => a.company)).toEqual(["BNP Paribas"]);
    expect(filterApplications(apps, { search: "Chef de projet", statuses: [] })).toEqual([]);
  });

  it("filters by any of the statuses ticked, combined with the search", () => {
    expect(filterApplications(apps, { search: "", statuses: [ApplicationStatus.WIN, ApplicationStatus.LOST] }).map((a) => a.company)).toEqual([
      "Crédit Agricole",
      "Ubisoft",
    ]);
    expect(filterApplications(apps, { search: "société", statuses: [ApplicationStatus.ENGAGED] }).map((a) => a.company)).toEqual(["Société du Grand Paris"]);
    expect(filterApplications(apps, NO_FILTERS)).toBe(apps);
    expect(hasFilters({ search: "   ", statuses: [] })).toBe(false);
  });

  it("labels statuses and sources in French; an unknown status is an internal error", () => {
    expect(statusInfo(ApplicationStatus.NEW).label).toBe("Nouvelle");
    expect(statusInfo(ApplicationStatus.WIN).label).toBe("Gagnée");
    expect(() => statusInfo(ApplicationStatus.UNSPECIFIED)).toThrow(UnknownStatusError);
    expect(sourceLabel(ApplicationSource.UNSPECIFIED)).toBe("");
    expect(sourceLabel(ApplicationSource.MY_NETWORK)).not.toBe("");
  });

  it("won and lost are final", () => {
    expect(isClosed({ status: ApplicationStatus.WIN })).toBe(true);
    expect(isClosed({ status: ApplicationStatus.LOST })).toBe(true);
    expect(isClosed({ status: ApplicationStatus.ENGAGED })).toBe(false);
    expect(isClosed({ status: ApplicationStatus.NEW })).toBe(false);
  });

  it("remembers the view; the list when nothing (or something else) was stored, or storage fails", () => {
    const storage = memoryStorage();
    expect(readView(storage)).toBe("list");
    writeView("board", storage);
    expect(storage.data.get(VIEW_STORAGE_KEY)).toBe("board");
    expect(readView(storage)).toBe("board");
    expect(readView(memoryStorage({ [VIEW_STORAGE_KEY]: "kanban" }))).toBe("list");
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("full");
      },
    };
    expect(readView(broken)).toBe("list");
    expect(() => writeView("board", broken)).not.toThrow();
  });
});
